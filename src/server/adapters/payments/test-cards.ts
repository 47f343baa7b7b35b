/**
 * The embedded test gateway's cards: Moyasar's published test cards
 * (https://docs.moyasar.com/guides/card-payments/test-cards), each with the status and message
 * Moyasar's test mode gives it. As there, a card not listed fails.
 */
export interface TestCard {
  company: 'mada' | 'visa' | 'master';
  status: 'paid' | 'failed';
  message: string;
}

export const TEST_CARDS: Record<string, TestCard> = {
  // mada
  '4201320111111010': { company: 'mada', status: 'paid', message: 'APPROVED' },
  '4201320000013020': { company: 'mada', status: 'failed', message: 'UNSPECIFIED FAILURE' },
  '4201320000311101': { company: 'mada', status: 'failed', message: 'INSUFFICIENT FUNDS' },
  '4201320131000508': { company: 'mada', status: 'failed', message: 'DECLINED: LOST CARD' },
  '4201321234411220': { company: 'mada', status: 'failed', message: 'DECLINED' },
  '4201322267774310': { company: 'mada', status: 'failed', message: 'DECLINED: EXPIRED CARD' },
  '4201326324640570': {
    company: 'mada',
    status: 'failed',
    message: 'DECLINED: EXCEEDS WITHDRAWAL LIMIT',
  },
  '4201321144311528': { company: 'mada', status: 'failed', message: 'DECLINED: STOLEN CARD' },
  // Visa
  '4111111111111111': { company: 'visa', status: 'paid', message: 'APPROVED' },
  '4123120000000000': { company: 'visa', status: 'failed', message: 'UNSPECIFIED FAILURE' },
  '4123120001090000': { company: 'visa', status: 'failed', message: 'INSUFFICIENT FUNDS' },
  '4123120001090109': { company: 'visa', status: 'failed', message: 'DECLINED' },
  // Mastercard
  '5421080101000000': { company: 'master', status: 'paid', message: 'APPROVED' },
  '5105105105105100': { company: 'master', status: 'failed', message: 'UNSPECIFIED FAILURE' },
  '5457210001000092': { company: 'master', status: 'failed', message: 'INSUFFICIENT FUNDS' },
};

/** What a card number gives: its row, or a failure like Moyasar's for an unknown card. */
export function testCardOutcome(number: string): TestCard {
  const digits = number.replace(/\D/g, '');
  return (
    TEST_CARDS[digits] ?? {
      company: digits.startsWith('5') ? 'master' : 'visa',
      status: 'failed',
      message: 'DECLINED',
    }
  );
}
