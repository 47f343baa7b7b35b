import type { Db } from '#server/db/client.ts';
import type { Config } from '#server/env.ts';
import { createMoyasarGateway } from './moyasar-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createTestGateway } from './test-gateway.ts';

/** The gateway env.ts chose: Moyasar with keys, else the embedded test gateway. */
export function createPaymentGateway(deps: {
  config: Pick<Config, 'payments' | 'publicUrl'>;
  db: Db;
  authSecret: string;
}): PaymentGateway {
  const { gateway, timeoutMs } = deps.config.payments;
  if (gateway.kind === 'moyasar') return createMoyasarGateway({ ...gateway, timeoutMs });
  return createTestGateway({
    db: deps.db,
    publicUrl: deps.config.publicUrl,
    authSecret: deps.authSecret,
  });
}
