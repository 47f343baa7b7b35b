import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  apiAs,
  DEMO,
  expectNoSeriousA11yViolations,
  findMail,
  NEW_ACCOUNT_PASSWORD,
  newAccount,
  screenshot,
  smsCode,
  useLang,
} from './support.ts';

const leaving = { label: 'leave', fullName: 'Huda Leaving' };

async function signIn(page: Page, email: string, lang: 'ar' | 'en') {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: lang === 'ar' ? 'تسجيل الدخول' : 'Sign in' });
  await form.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'Email').fill(email);
  await form.getByLabel(lang === 'ar' ? 'كلمة المرور' : 'Password').fill(NEW_ACCOUNT_PASSWORD);
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
    const account = await newAccount(request, baseURL!, 'ar', leaving);
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
    const account = await newAccount(request, baseURL!, 'en', leaving);
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
