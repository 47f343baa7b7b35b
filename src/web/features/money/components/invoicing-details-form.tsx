import { useState, type FormEvent } from 'react';
import {
  invoicingDetailsSchema,
  type InvoicingDetailsInput,
  type InvoicingDetailsResponse,
} from '#shared/schemas/invoicing-details.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { saveInvoicingDetails } from '../api/invoicing-details.ts';

type Values = Record<keyof InvoicingDetailsInput, string>;
type Details = NonNullable<InvoicingDetailsResponse['details']>;

const EMPTY: Values = {
  legalNameAr: '',
  legalNameEn: '',
  vatNumber: '',
  crNumber: '',
  street: '',
  buildingNumber: '',
  additionalNumber: '',
  district: '',
  city: '',
  postalCode: '',
};

/** The saved details (or a first VAT number) as the form's starting values. */
export function startingValues(details: Details | null, vatNumber: string | null): Values {
  if (!details) return { ...EMPTY, vatNumber: vatNumber ?? '' };
  const { updatedAt: _updatedAt, ...rest } = details;
  return { ...rest, legalNameEn: rest.legalNameEn ?? '', crNumber: rest.crNumber ?? '' };
}

/** A text field of the form: its label, hint and the rule's words in the reader's language. */
interface FieldSpec {
  name: keyof Values;
  dir: 'rtl' | 'ltr' | 'auto';
  digits?: boolean;
  autoComplete?: string;
  hint?: 'legalNameArHint' | 'vatNumberHint' | 'crNumberHint';
}

const SELLER: FieldSpec[] = [
  { name: 'legalNameAr', dir: 'rtl', autoComplete: 'organization', hint: 'legalNameArHint' },
  { name: 'legalNameEn', dir: 'ltr', autoComplete: 'off' },
  { name: 'vatNumber', dir: 'ltr', digits: true, hint: 'vatNumberHint' },
  { name: 'crNumber', dir: 'ltr', digits: true, hint: 'crNumberHint' },
];
/** The national address in the order its card prints it. */
const ADDRESS: FieldSpec[] = [
  { name: 'buildingNumber', dir: 'ltr', digits: true },
  { name: 'street', dir: 'auto', autoComplete: 'address-line1' },
  { name: 'district', dir: 'auto' },
  { name: 'city', dir: 'auto', autoComplete: 'address-level2' },
  { name: 'postalCode', dir: 'ltr', digits: true, autoComplete: 'postal-code' },
  { name: 'additionalNumber', dir: 'ltr', digits: true },
];

/**
 * The host's invoicing details as a form (issue 33, decision 074): checked here with the
 * server's schema (`invoicingDetailsSchema`) and again there.
 */
export function InvoicingDetailsForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: Values;
  onSaved: (answer: InvoicingDetailsResponse) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = invoicingDetailsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSaved(await saveInvoicingDetails(values));
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields as Partial<Record<keyof Values, string>>);
      } else {
        setFailure(error instanceof Error ? error.message : t('errors:INTERNAL_ERROR'));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (spec: FieldSpec) => (
    <Field
      key={spec.name}
      label={t(`money.invoicing.${spec.name}`)}
      hint={spec.hint ? t(`money.invoicing.${spec.hint}`) : undefined}
      error={fieldError(errors[spec.name])}
    >
      {(control) => (
        <Input
          {...control}
          name={spec.name}
          dir={spec.dir}
          inputMode={spec.digits ? 'numeric' : 'text'}
          autoComplete={spec.autoComplete ?? 'off'}
          spellCheck={false}
          value={values[spec.name]}
          onChange={(e) => setValues((v) => ({ ...v, [spec.name]: e.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="invoicing-title"
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">{SELLER.map(field)}</div>
      <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 p-4">
        <legend className="px-1 font-bold text-ink">{t('money.invoicing.address')}</legend>
        <p className="text-sm text-muted">{t('money.invoicing.addressHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{ADDRESS.map(field)}</div>
      </fieldset>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('money.invoicing.saving') : t('money.invoicing.save')}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
            {t('money.invoicing.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
