import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  apiAs,
  DEMO,
  expectNoSeriousA11yViolations,
  findMail,
  screenshot,
  useLang,
} from './support.ts';

const SMS_LOG = path.resolve('test-results/e2e-data/sms/messages.jsonl');

async function smsCode(e164: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const text = await readFile(SMS_LOG, 'utf8').catch(() => '');
    const mine = text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; body: string })
      .filter((m) => m.to === e164);
    if (mine.length > after) return /\d{6}/.exec(mine.at(-1)!.body)![0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS for ${e164}`);
}

/** A fresh, activated account through the API (sign-up with the phone code, the email's link). */
async function newAccount(request: APIRequestContext, baseURL: string, locale: 'ar' | 'en') {
  const unique = `${Date.now()}`.slice(-8);
  const phone = `5${unique}`;
  const email = `leave.${locale}.${unique}@example.com`;
  const headers = { origin: baseURL, 'accept-language': locale };
  await request.post('/api/auth/phone/send-code', { data: { phone, purpose: 'signup' }, headers });
  const verified = await request.post('/api/auth/phone/verify', {
    data: { phone, code: await smsCode(`+966${phone}`) },
    headers,
  });
  const { phoneProof } = (await verified.json()) as { phoneProof: string };
  const signedUp = await request.post('/api/auth/sign-up', {
    data: { fullName: 'Huda Leaving', email, phone, password: 'Riyadh#2026', phoneProof, locale },
    headers,
  });
  expect(signedUp.status()).toBe(201);
  const mail = await findMail((m) => !Array.isArray(m.to) && m.to?.text === email);
  const link = /https?:\/\/\S+verify-email\?token=[^\s"]+/.exec(mail.text ?? '')![0];
  await request.get(link, { maxRedirects: 0 });
  return { email, phone: `+966${phone}` };
}

async function signIn(page: Page, email: string, lang: 'ar' | 'en') {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: lang === 'ar' ? 'تسجيل الدخول' : 'Sign in' });
  await form.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'Email').fill(email);
  await form.getByLabel(lang === 'ar' ? 'كلمة المرور' : 'Password').fill('Riyadh#2026');
  await form.getByRole('button', { name: lang === 'ar' ? 'دخول' : 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('change the phone and delete the account, in Arabic', () => {
  test('a code changes the number; a deletion signs out and the admin sees the account erased', async ({
    page,
    request,
    baseURL,
    playwright,
  }) => {
    const account = await newAccount(request, baseURL!, 'ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, account.email, 'ar');
    await page.goto('/account');

    const phone = page.getByRole('region', { name: 'رقم الجوال' });
    const newNumber = `5${`${Date.now()}`.slice(-8)}`;
    await phone.getByLabel('رقم الجوال الجديد').fill(`0${newNumber}`);
    await phone.getByRole('button', { name: 'أرسل الرمز' }).click();
    await expect(phone.getByText('أرسلنا رمزًا من 6 أرقام إلى الرقم الجديد.')).toBeVisible();
    await phone.getByLabel('رمز التحقق (6 أرقام)').fill(await smsCode(`+966${newNumber}`));
    await phone.getByRole('button', { name: 'تأكيد الرقم الجديد' }).click();
    await expect(phone.getByText('تم تغيير رقم جوالك.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'account phone changed ar');
    await screenshot(page, 'ar-390-account-phone-changed');

    const deletion = page.getByRole('region', { name: 'حذف حسابي' });
    await deletion.getByRole('button', { name: 'حذف حسابي' }).click();
    await screenshot(page, 'ar-390-account-delete-confirm');
    await deletion.getByRole('button', { name: 'نعم، احذف حسابي' }).click();
    await expect(page).toHaveURL(/\/$/);
    await findMail(
      (m) =>
        !Array.isArray(m.to) &&
        m.to?.text === account.email &&
        m.subject === 'طلب حذف حسابك في مساحة بالساعة',
    );

    // the grace (3.6 s in e2e) passes and the sweep erases it: the admin's audit log says so
    const admin = await apiAs(playwright, baseURL!, DEMO.admin);
    await expect
      .poll(
        async () => {
          const res = await admin.get('/api/admin/audit?pageSize=50');
          const { items } = (await res.json()) as { items: { action: string }[] };
          return items.some((i) => i.action === 'account.erase');
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe(true);
    const adminPage = await (
      await page.context().browser()!.newContext({ baseURL, locale: 'ar' })
    ).newPage();
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.request.post('/api/auth/sign-in/email', {
      data: DEMO.admin,
      headers: { origin: baseURL! },
    });
    await adminPage.goto('/admin/dashboard?tab=audit');
    await expect(adminPage.getByText('مُحيت البيانات الشخصية لحساب محذوف').first()).toBeVisible();
    await screenshot(adminPage, 'ar-1280-admin-audit-erased');
  });
});

test.describe('delete the account, in English', () => {
  test('deletion needs a confirmation and signs out', async ({ page, request, baseURL }) => {
    const account = await newAccount(request, baseURL!, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await useLang(page, 'en');
    await signIn(page, account.email, 'en');
    await page.goto('/account');
    const deletion = page.getByRole('region', { name: 'Delete my account' });
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await screenshot(page, 'en-1280-account-delete-confirm');
    await deletion.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);
  });
});
