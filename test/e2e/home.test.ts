import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { COURSE } from '@shared/learning/content/course';
import { signUpAndSignIn } from '../support/cognito';
import { waitFor } from '../support/local-stack';
import { chromiumForFile, PHONE, returningLearner, signInThroughPage, watchErrors, fillNowIfMarketClosed } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

describe("the learner's home in Chromium", () => {
  it('a new learner’s dashboard, the same after a trade and a lesson; the data export; deleting the account refuses the old session', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Home Hattie' });
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${stack.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${learner.idToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    // A new learner is told what to do first.
    await page.getByRole('heading', { name: 'Welcome, Home Hattie' }).waitFor();
    await page.getByText('Start here: open a paper account with virtual money, then take your first lesson.').waitFor();
    const tile = (id: string) => page.getByTestId(`tile-${id}`);
    await tile('account').getByRole('link', { name: 'Open your paper account' }).waitFor();
    await tile('learning').getByRole('link', { name: 'Take your first lesson' }).waitFor();
    await tile('market').getByTestId('market-as-of').waitFor();
    expect(await tile('market').getByRole('row').count()).toBeGreaterThan(5);

    // A trade: open the account from the dashboard's empty state, buy a call from the chain.
    await tile('account').getByRole('link', { name: 'Open your paper account' }).click();
    await page.getByLabel('$25,000').check();
    await page.locator('main').getByRole('button', { name: 'Open paper account' }).click();
    await page.getByTestId('summary-cash').waitFor();
    await page.goto(`${stack.url}/app/optionschain?ticker=SPY`);
    const ask = page.getByRole('link', { name: /^Buy SPY .* call at the ask/i }).nth(10);
    await ask.waitFor();
    await ask.click();
    await fillNowIfMarketClosed(page);
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByRole('heading', { name: 'Order filled' }).waitFor();

    // A lesson (its check passed, then completed), through the API the lesson page uses.
    const lesson = COURSE[0]!.lessons[0]!;
    if (lesson.check) {
      const answers = Object.fromEntries(
        lesson.check.questions.map((q) => [q.id, q.type === 'numerical' ? `${q.correctAnswer}${q.unit === '%' ? '%' : ''}` : String(q.correctAnswer)]),
      );
      expect((await api('POST', `/api/learning/quizzes/${lesson.check.id}/attempts`, { answers })).status).toBe(200);
    }
    expect((await api('POST', `/api/learning/lessons/${lesson.id}/complete`, { minutesSpent: 5 })).status).toBe(200);

    await page.goto(`${stack.url}/app`);
    await tile('account').getByTestId('paper-equity').waitFor();
    expect(await tile('account').getByTestId('paper-equity').textContent()).toMatch(/^\$2\d,\d{3}\.\d{2}$/);
    await tile('positions').getByTestId('dashboard-position').first().waitFor();
    expect(await tile('positions').getByTestId('dashboard-position').first().textContent()).toMatch(/1 × SPY .* Call/);
    expect(await tile('learning').getByRole('link', { name: 'Take your first lesson' }).count()).toBe(0);
    await tile('learning').getByText('Next lesson', { exact: false }).waitFor();
    expect(await page.getByText('Start here:', { exact: false }).count()).toBe(0);

    // The same dashboard on a phone fits its width.
    const phone = await (await returningLearner(chrome.browser, PHONE)).newPage();
    await signInThroughPage(phone, stack.url, learner.email, learner.password);
    await phone.getByTestId('tile-account').getByTestId('paper-equity').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.context().close();

    // Download all my data: one JSON file with the trade and the lesson in it.
    await page.goto(`${stack.url}/app/settings`);
    const privacy = page.getByRole('region', { name: 'Privacy' });
    const [download] = await Promise.all([page.waitForEvent('download'), privacy.getByRole('button', { name: 'Download my data' }).click()]);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { sections: Record<string, unknown[]> };
    for (const kind of ['profile', 'paperAccount', 'orders', 'positions', 'activity', 'learning']) expect(data.sections[kind]?.length, kind).toBeGreaterThan(0);

    // A second tab of the same learner, left on the dashboard (its awards feed polls every second).
    const otherContext = await returningLearner(chrome.browser);
    const other = await otherContext.newPage();
    await signInThroughPage(other, stack.url, learner.email, learner.password);
    await other.getByRole('heading', { name: 'Welcome, Home Hattie' }).waitFor();
    const apiCalls = (p: typeof page) => {
      const calls: string[] = [];
      p.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.startsWith('/api/')) calls.push(`${r.method()} ${pathname}`);
      });
      return calls;
    };
    const otherCalls = apiCalls(other);
    const pageCalls = apiCalls(page);
    const quiet = () => new Promise((resolve) => setTimeout(resolve, 3_000));

    // Delete the account: the exact phrase, then the old session is refused at once, and the page says when it is done.
    await privacy.getByLabel(/to confirm/).fill('DELETE MY ACCOUNT');
    await privacy.getByRole('button', { name: 'Delete my account' }).click();
    await privacy.getByTestId('deletion-status').getByText('Your account is being deleted.', { exact: false }).waitFor();
    pageCalls.length = 0;
    // The other tab is signed out by the first refusal: the sign-in page says why, stays put, and nothing more is asked.
    await other.waitForURL(`${stack.url}/login`);
    expect(await other.getByTestId('session-ended').textContent()).toBe('This account has been deleted.');
    otherCalls.length = 0;
    await quiet();
    expect(otherCalls).toEqual([]);
    expect(new URL(other.url()).pathname).toBe('/login');
    await other.getByRole('button', { name: 'Sign In' }).waitFor();
    await otherContext.close();
    for (const [method, path, body] of [
      ['GET', '/api/portfolio', undefined],
      ['POST', '/api/account', { startingCapital: 10_000 }],
    ] as const) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe('This account has been deleted. Sign up again to start afresh.');
    }
    await privacy.getByText('Your account and all its data have been deleted.').waitFor({ timeout: 90_000 });
    // Until the learner leaves, this tab asks only for the deletion's progress (at most one refusal arrives first).
    expect(pageCalls.filter((c) => c !== 'GET /api/me/deletion').length).toBeLessThanOrEqual(1);
    await privacy.getByRole('button', { name: 'Leave Options Academy' }).click();
    await page.waitForURL(`${stack.url}/login`);
    expect(await page.getByTestId('session-ended').textContent()).toBe('This account has been deleted.');
    pageCalls.length = 0;
    await quiet();
    expect(pageCalls).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
    // Signing in again with the old password: the account is gone.
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Authentication Error').waitFor();
    await waitFor(
      async () => (await api('GET', '/api/me')).status,
      (s) => s === 401,
      5_000,
      'the old token refused',
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('a learner shares a bio and their gamification; another opens it from the leaderboard; the dark theme darkens the page', async () => {
    const [pia, ben] = await Promise.all([signUpAndSignIn(stack, { name: 'Profile Pia' }), signUpAndSignIn(stack, { name: 'Board Ben' })]);
    const call = (token: string, method: string, path: string, body?: unknown) =>
      fetch(`${stack.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // Pia earns XP (a lesson), which puts her on the overall board.
    const lesson = COURSE[0]!.lessons[0]!;
    if (lesson.check) {
      const answers = Object.fromEntries(
        lesson.check.questions.map((q) => [q.id, q.type === 'numerical' ? `${q.correctAnswer}${q.unit === '%' ? '%' : ''}` : String(q.correctAnswer)]),
      );
      expect((await call(pia.idToken, 'POST', `/api/learning/quizzes/${lesson.check.id}/attempts`, { answers })).status).toBe(200);
    }
    expect((await call(pia.idToken, 'POST', `/api/learning/lessons/${lesson.id}/complete`, { minutesSpent: 5 })).status).toBe(200);
    await waitFor(
      async () => (await (await call(pia.idToken, 'GET', '/api/gamification/leaderboards/global?limit=100')).json()) as { userRank: number },
      (b) => b.userRank > 0,
      30_000,
      'Pia on the overall board',
    );

    const piaPage = await (await returningLearner(chrome.browser)).newPage();
    const errors = watchErrors(piaPage);
    await signInThroughPage(piaPage, stack.url, pia.email, pia.password);
    await piaPage.goto(`${stack.url}/app/profile`);
    const about = piaPage.getByRole('region', { name: 'About you' });
    await about.getByLabel('Bio').fill('Spreads before naked calls. <script>alert(1)</script>');
    await about.getByRole('button', { name: 'Save profile' }).click();
    await piaPage.getByText('Profile saved.').waitFor();
    await piaPage
      .getByRole('region', { name: 'Public profile' })
      .getByRole('checkbox', { name: /Show gamification/ })
      .check();
    await waitFor(
      async () => ((await (await call(pia.idToken, 'GET', '/api/me')).json()) as { profile: { visibility: { gamification: boolean } } }).profile,
      (p) => p.visibility.gamification,
      10_000,
      'gamification made public',
    );

    // Boards are kept 5 s in the warm function ("updated every 5 s"): wait until the kept top has Pia's name and link.
    await waitFor(
      async () =>
        (
          (await (await call(ben.idToken, 'GET', '/api/gamification/leaderboards/global?limit=100')).json()) as {
            entries: { displayName: string; publicId: string | null }[];
          }
        ).entries,
      (entries) => entries.some((e) => e.displayName === 'Profile Pia' && e.publicId !== null),
      15_000,
      "Pia's name and link on the kept board",
    );
    const benPage = await (await returningLearner(chrome.browser)).newPage();
    errors.push(...watchErrors(benPage));
    await signInThroughPage(benPage, stack.url, ben.email, ben.password);
    await benPage.goto(`${stack.url}/app/gamification/leaderboards`);
    await benPage.getByRole('link', { name: 'Profile Pia' }).click();
    await benPage.waitForURL(/\/app\/people\/[a-z0-9]{12}$/);
    await benPage.getByRole('heading', { level: 1, name: 'Profile Pia' }).waitFor();
    expect(await benPage.getByTestId('person-bio').textContent()).toBe('Spreads before naked calls. <script>alert(1)</script>');
    await benPage.getByRole('heading', { name: 'Gamification' }).waitFor();
    expect(await benPage.getByRole('heading', { name: 'Paper trading' }).count()).toBe(0);

    // Dark theme: the page background turns dark at once.
    await benPage.goto(`${stack.url}/app/settings`);
    const background = () => benPage.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await benPage.getByRole('region', { name: 'Display' }).getByRole('radio', { name: 'Dark' }).check();
    await waitFor(background, (b) => b !== light, 5_000, 'the background to change');
    expect(await benPage.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(errors).toEqual([]);
    await piaPage.context().close();
    await benPage.context().close();
  }, 120_000);
});
