import { expect, test } from './fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  findMail,
  newAccount,
  screenshot,
  useLang,
} from './support.ts';

const resetting = { label: 'reset', fullName: 'Reem Test' };

test.describe('forgot the password, in Arabic', () => {
  // the second use of the link is refused, and the page logs the refusal
  test.use({ allowedConsoleErrors: /Password reset failed|status of 400/ });
  test('asks for a link, resets by email, signs in with the new password', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await newAccount(request, baseURL!, 'ar', resetting);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth');
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إعادة تعيين كلمة المرور');
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.getByRole('button', { name: 'أرسل لي رابطًا' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'رابط إعادة التعيين' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'reset-password ar asked');
    await screenshot(page, 'ar-390-reset-asked');

    const mail = await findMail(
      (m) =>
        !Array.isArray(m.to) &&
        m.to?.text === account.email &&
        m.subject === 'إعادة تعيين كلمة المرور في مساحة بالساعة',
    );
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('كلمة المرور الجديدة').fill('Jeddah#2027');
    await page.getByLabel('تأكيد كلمة المرور').fill('Jeddah#2027');
    await page.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'تم تغيير كلمة مرورك' })).toBeVisible();
    await screenshot(page, 'ar-390-reset-done');
    // the link works once
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('كلمة المرور الجديدة').fill('Again#20277');
    await page.getByLabel('تأكيد كلمة المرور').fill('Again#20277');
    await page.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }).click();
    await expect(page.getByRole('alert')).toContainText('هذا الرابط غير صالح أو انتهت صلاحيته.');

    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'تسجيل الدخول' });
    await form.getByLabel('البريد الإلكتروني').fill(account.email);
    await form.getByLabel('كلمة المرور').fill('Jeddah#2027');
    await form.getByRole('button', { name: 'دخول' }).click();
    await expect(page).toHaveURL(/\/$/);
    await findMail(
      (m) =>
        !Array.isArray(m.to) &&
        m.to?.text === account.email &&
        m.subject === 'تم تغيير كلمة المرور في مساحة بالساعة',
    );

    // the account page: change the password, see the devices
    await page.goto('/account');
    await page.getByLabel('كلمة المرور الحالية').fill('Jeddah#2027');
    await page.getByLabel('كلمة المرور الجديدة').fill('Dammam#2028');
    await page.getByLabel('تأكيد كلمة المرور').fill('Dammam#2028');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expect(
      page.getByText('تم تغيير كلمة مرورك، وأرسلنا إليك رسالة بذلك.').first(),
    ).toBeVisible();
    const devices = page.getByRole('region', { name: 'الأجهزة التي دخلت منها' });
    await expect(devices.getByText('هذا الجهاز')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'الأجهزة التي دخلت منها' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'account security ar');
    await screenshot(page, 'ar-390-account-security');
  });
});

test.describe('forgot the password, in English', () => {
  test('the code form by mobile, then a reset by email, then signs in', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await newAccount(request, baseURL!, 'en', resetting);
    await useLang(page, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'By mobile' }).click();
    await page.getByLabel('Mobile number').fill(account.localPhone);
    await page.getByRole('button', { name: 'Send the code' }).click();
    // the same answer whether or not a code went out (this number had one a moment ago, at
    // sign-up: one a minute per number); tests/api/account-password.test.ts resets by code
    await expect(
      page.getByRole('status').filter({ hasText: 'a code is on its way' }),
    ).toBeVisible();
    await expect(page.getByLabel('Verification code (6 digits)')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'reset-password en code');
    await screenshot(page, 'en-1280-reset-code');

    await page.getByRole('button', { name: 'By email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'reset link is on its way' }),
    ).toBeVisible();
    const mail = await findMail(
      (m) =>
        !Array.isArray(m.to) &&
        m.to?.text === account.email &&
        m.subject === 'Reset your HourSpace password',
    );
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password').fill('Abha#202777');
    await page.getByLabel('Confirm password').fill('Abha#202777');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password was changed' }),
    ).toBeVisible();
    await screenshot(page, 'en-1280-reset-done');
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill('Abha#202777');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
