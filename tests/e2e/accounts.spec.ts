import type { Page } from '@playwright/test';
import { expect, test, livePageAfterLoads } from './fixtures.ts';
import { becomeRole } from './role-cookies.ts';
import { DEMO, findMail, signInApi, smsCode, useLang } from './support.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'تسجيل الدخول' });
  await form.getByLabel('البريد الإلكتروني').fill(email);
  await form.getByLabel('كلمة المرور').fill(password);
  await form.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('accounts, in Arabic', () => {
  test('sign up with the phone code, activate by email, sign in, and stay signed in across a reload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const unique = Date.now().toString().slice(-8);
    const phone = `5${unique}`;
    const email = `noura.${unique}@example.com`;

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'إنشاء حساب' }).click();
    const form = page.getByRole('form', { name: 'إنشاء حساب' });
    await form.getByLabel('الاسم الكامل').fill('نورة القحطاني');
    await form.getByLabel('البريد الإلكتروني').fill(email);
    await form.getByLabel('رقم الجوال').fill(phone);
    await form.getByLabel('كلمة المرور', { exact: true }).fill('riyadh2026');
    // The live checklist shows what is missing; mismatched confirmation is refused.
    await expect(page.getByText('حرف كبير (A-Z)')).toBeVisible();
    await form.getByLabel('تأكيد كلمة المرور').fill('different');
    await form.getByRole('button', { name: /أرسل رمز التحقق/ }).click();
    await expect(
      form.getByRole('alert').filter({ hasText: 'كلمة المرور لا تستوفي الشروط المطلوبة' }),
    ).toBeVisible();
    await expect(
      form.getByRole('alert').filter({ hasText: 'كلمتا المرور غير متطابقتين' }),
    ).toBeVisible();

    await form.getByLabel('كلمة المرور', { exact: true }).fill('Riyadh#2026');
    await form.getByLabel('تأكيد كلمة المرور').fill('Riyadh#2026');
    await form.getByRole('button', { name: /أرسل رمز التحقق/ }).click();

    const codeInput = page.getByLabel('رمز التحقق (6 أرقام)');
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await codeInput.fill(await smsCode(`+966${phone}`));
    await page.getByRole('button', { name: 'تحقق وأنشئ الحساب' }).click();
    await expect(
      page.getByText('تم التسجيل بنجاح! يرجى مراجعة بريدك الإلكتروني لتفعيل حسابك.'),
    ).toBeVisible();

    const mail = await findMail((m) => !Array.isArray(m.to) && m.to?.text === email);
    expect(mail.subject).toBe('فعّل حسابك في مساحة بالساعة');
    const link = /https?:\/\/\S+verify-email\?token=[^\s"]+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?activated=1/);
    await expect(page.getByText('تم تفعيل حسابك. أهلًا بك!')).toBeVisible();

    // Activated (and signed in by the link); sign out, then sign in by password.
    await page.goto('/');
    await expect(page.getByTestId('greeting')).toHaveText('أهلًا، نورة القحطاني');
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    await signIn(page, email, 'Riyadh#2026');
    await expect(page.getByTestId('greeting')).toHaveText('أهلًا، نورة القحطاني');

    // Reload: the greeting is painted from the local copy at once — no signed-out flash.
    await page.addInitScript(() => {
      const seen = { login: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      const look = () => {
        if (document.querySelector('header a[href="/auth"]')) seen.login = true;
        if (performance.now() < 4000) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    // Until the server has answered for the session (GET /api/me) and the page has drawn that
    // answer: after it, nothing changes who the header shows.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
    await page.reload();
    await expect(page.getByTestId('greeting')).toBeVisible();
    await answered;
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(
      await page.evaluate(() => (window as unknown as { seen: { login: boolean } }).seen.login),
    ).toBe(false);
  });

  test('signing out in a second tab signs the first tab out too', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // A session of its own (it is signed out below), through the API: the form is not the subject.
    await signInApi(page.request, baseURL!, DEMO.renter);
    await page.goto('/');
    await expect(page.getByTestId('greeting')).toBeVisible();
    const second = await context.newPage();
    livePageAfterLoads(second);
    await second.setViewportSize({ width: 1280, height: 900 });
    await second.goto('/');
    await second.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(second.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveCount(0);
  });

  test('the demo admin sees the Admin link with its shield; the demo renter does not', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The roles' shared sessions (auth.setup.ts): signing in is not the subject here.
    await becomeRole(page.context(), 'admin');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await expect(nav.getByRole('link', { name: 'الإدارة' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'الإدارة' }).locator('svg')).toHaveCount(1);
    await becomeRole(page.context(), 'renter');
    await page.goto('/');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'الإدارة' })).toHaveCount(0);
  });

  test.describe('refused sign-in', () => {
    // docs/product-spec.md §8: sign-in failures are logged to the console; the browser also reports
    // the 401.
    test.use({ allowedConsoleErrors: /Sign-in failed|status of 401/ });

    test('wrong credentials show the message of docs/product-spec.md', async ({ page }) => {
      await page.goto('/auth');
      const form = page.getByRole('form', { name: 'تسجيل الدخول' });
      await form.getByLabel('البريد الإلكتروني').fill('renter@hourspace.sa');
      await form.getByLabel('كلمة المرور').fill('Wrong#2026');
      await form.getByRole('button', { name: 'دخول' }).click();
      await expect(form.getByRole('alert')).toHaveText('بيانات الدخول غير صحيحة');
    });
  });
});

test.describe('accounts, in English', () => {
  // The other specs start signed in (auth.setup.ts): the English form is signed in with here.
  test('the English sign-in form signs the demo renter in and lands on the home page', async ({
    page,
  }) => {
    await useLang(page, 'en');
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(DEMO.renter.email);
    await form.getByLabel('Password', { exact: true }).fill(DEMO.renter.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const me = await page.request.get('/api/me');
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(DEMO.renter.email);
  });
});
