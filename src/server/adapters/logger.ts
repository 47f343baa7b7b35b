/** The slice of pino the adapters and the worker log through (Fastify's logger fits it). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
};
