import { describe, expect, inject, it } from 'vitest';
import { uniqueEmail } from '../support/cognito';
import { chromiumForFile, PHONE, returningLearner, seriousViolations, watchErrors } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

describe('the Agent API page in Chromium', () => {
  it('a new learner creates a token, sees it once, copies it, finds it by its last four, and revokes it', async () => {
    const context = await returningLearner(chrome.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });

    // Sign up, then sign in.
    const email = uniqueEmail('agent');
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('cobol59');
    await page.getByLabel('Confirm password').fill('cobol59');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await page.getByLabel('Password', { exact: true }).fill('cobol59');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.url}/app`);

    // The System group's Agent API page, with no token yet.
    const nav = page.getByRole('navigation', { name: 'App' });
    const system = nav.getByRole('button', { name: 'System', exact: true });
    if ((await system.getAttribute('aria-expanded')) === 'false') await system.click();
    await nav.getByRole('link', { name: 'Agent API', exact: true }).click();
    await page.waitForURL(`${stack.url}/app/agent`);
    const list = page.getByRole('region', { name: 'Your tokens' });
    await list.getByText(/No tokens yet/).waitFor();

    // Create one: read and trade, 30 days.
    const form = page.getByRole('region', { name: 'Create a token' });
    await form.getByLabel('Name').fill('e2e-bot');
    await form.getByRole('checkbox', { name: /^trade/ }).check();
    await form.getByRole('radio', { name: '30 days' }).check();
    await form.getByRole('button', { name: 'Create token' }).click();

    // Shown once, copied to the clipboard.
    const dialog = page.getByRole('dialog', { name: 'Token "e2e-bot" created' });
    const secret = await dialog.getByTestId('token-secret').inputValue();
    expect(secret).toMatch(/^oa_pat_[A-Za-z0-9_-]{43}$/);
    expect(await dialog.textContent()).toContain('It will not be shown again');
    await dialog.getByRole('button', { name: 'Copy the token' }).click();
    await dialog.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Listed by its last four, never with the secret; the secret is nowhere on the page, nor after a reload.
    const row = list.getByTestId('token-row');
    await row.waitFor();
    expect(await row.getByTestId('token-last-four').textContent()).toBe(`oa_pat_…${secret.slice(-4)}`);
    expect(await row.textContent()).toContain('never');
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);

    // The API reference is drawn under the CSP, with nothing blocked.
    await page.getByTestId('api-reference').getByRole('heading', { name: 'Options Academy API' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Revoke, confirmed: the list is empty again.
    await row.getByRole('button', { name: 'Revoke e2e-bot' }).click();
    await page.getByRole('dialog', { name: 'Revoke "e2e-bot"?' }).getByRole('button', { name: 'Revoke token' }).click();
    await list.getByText(/No tokens yet/).waitFor();
    expect(await list.getByTestId('token-row').count()).toBe(0);

    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor on a phone reads the public page and is led to sign up', async () => {
    const context = await returningLearner(chrome.browser, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(`${stack.url}/agent`);
    await page.getByRole('heading', { level: 1, name: 'Let your script or AI assistant practise options with you' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agent');
    expect(await page.getByTestId('mcp-endpoint').textContent()).toBe(`${stack.url}/api/mcp`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Sign Up Free' }).first().click();
    await page.waitForURL(`${stack.url}/signup`);
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
