import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { checkSaudiIban } from '#shared/domain/iban.ts';
import type { PayoutAccountResponse } from '#shared/schemas/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getPayoutAccount, savePayoutAccount } from '../api/money-api.ts';
import { MoneySection } from './money-section.tsx';
import { useLoaded } from './use-loaded.ts';

type Account = NonNullable<PayoutAccountResponse['account']>;

/**
 * The host's payout account (issue 32): a Saudi IBAN, checked here with the server's rule
 * (`checkSaudiIban`) and again there, shown only masked once saved.
 */
export function PayoutAccountForm() {
  const { t } = useTranslation();
  const loaded = useLoaded(getPayoutAccount);
  const [saved, setSaved] = useState<Account | null>(null);
  const [editing, setEditing] = useState(false);
  const [iban, setIban] = useState('');
  const [holderName, setHolderName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const account = saved ?? loaded.data?.account ?? null;
  const showForm = editing || (loaded.data !== null && account === null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const checked = checkSaudiIban(iban);
    if (iban.trim() === '') found.iban = t('fields:required');
    else if (!checked.ok) found.iban = t(`fields:${checked.rule}`);
    const name = holderName.trim();
    if (name.length < 2 || name.length > 70) found.holderName = t('fields:holderName');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await savePayoutAccount({ iban, holderName: name });
      setSaved(answer.account);
      setEditing(false);
      setIban('');
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else {
        setFailure(error instanceof Error ? error.message : t('errors:INTERNAL_ERROR'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <MoneySection
      id="payout-account-title"
      testId="payout-account"
      icon={Landmark}
      title={t('money.payout.title')}
      intro={t('money.payout.intro')}
      loading={loaded.loading}
    >
      {loaded.error && (
        <p role="alert" className="font-semibold text-red-800">
          {t('money.earnings.error')}
        </p>
      )}
      {account && !editing && (
        <div className="flex flex-col items-start gap-3">
          <dl className="grid gap-1 text-sm">
            <dt className="text-muted">{t('money.payout.current')}</dt>
            <dd className="font-semibold text-ink" dir="ltr" data-testid="iban-masked">
              {account.ibanMasked}
            </dd>
            <dd className="text-ink">
              <bdi>{account.holderName}</bdi>
            </dd>
          </dl>
          {saved && (
            <p role="status" className="text-sm font-semibold text-brand-700">
              {t('money.payout.saved')}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setEditing(true);
              setHolderName(account.holderName);
              setSaved(null);
            }}
          >
            {t('money.payout.change')}
          </Button>
        </div>
      )}
      {!account && loaded.data && !editing && (
        <p className="text-sm font-semibold text-brand-900">{t('money.payout.none')}</p>
      )}
      {showForm && (
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('money.payout.iban')}
            hint={t('money.payout.ibanHint')}
            error={errors.iban}
          >
            {(control) => (
              <Input
                {...control}
                dir="ltr"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                placeholder="SA00 0000 0000 0000 0000 0000"
                value={iban}
                onChange={(e) => setIban(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('money.payout.holder')} error={errors.holderName}>
            {(control) => (
              <Input
                {...control}
                dir="auto"
                autoComplete="name"
                value={holderName}
                onChange={(e) => setHolderName(e.target.value)}
              />
            )}
          </Field>
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? t('money.payout.saving') : t('money.payout.save')}
            </Button>
            {account && (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => setEditing(false)}
              >
                {t('money.payout.cancel')}
              </Button>
            )}
          </div>
        </form>
      )}
    </MoneySection>
  );
}
