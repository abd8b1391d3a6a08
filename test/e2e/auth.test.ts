import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../support/cognito';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './browser';

const stack = inject('e2eStack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const email = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

describe('signing up, in and out in Chromium', () => {
  it('signs up, signs in, sees the dashboard, signs out', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const address = email();
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Full name').waitFor();
    await expect(page.title()).resolves.toBe('Create your free account | Options Academy');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${stack.url}/signup`);

    await page.getByLabel('Full name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('orbit77');
    await page.getByLabel('Confirm password').fill('orbit77');
    const create = page.getByRole('button', { name: 'Create Account' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await create.click();

    await expect(page.getByRole('status').textContent()).resolves.toContain('Welcome! Your account has been created successfully.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(address);

    await page.getByLabel('Password', { exact: true }).fill('orbit77');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome, Katherine Johnson' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app');
    expect(await page.getByTestId('me-email').textContent()).toBe(address);

    await page.getByRole('button', { name: /Katherine Johnson/ }).click();
    expect(await page.getByRole('menu').textContent()).toContain(address);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${stack.url}/login`);

    // Signed out for real: /app sends the visitor back to sign-in.
    await page.goto(`${stack.url}/app`);
    await page.waitForURL(`${stack.url}/login`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the spec message and tips for a wrong password', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('Authentication Error');
    expect(text).toContain('The email or password you entered is incorrect. Please check your credentials and try again.');
    await page.close();
  });

  it('returns to the page the learner came from after signing in, and keeps the session across a reload', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const address = email();
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Full name').fill('Dorothy Vaughan');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('fortran1');
    await page.getByLabel('Confirm password').fill('fortran1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('status').waitFor();

    await page.goto(`${stack.url}/app/dashboard`);
    await page.waitForURL(`${stack.url}/login`);
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('fortran1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.url}/app/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Dorothy Vaughan' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Dorothy Vaughan' }).waitFor();

    // A signed-in learner who opens /login is sent on to the app.
    await page.goto(`${stack.url}/login`);
    await page.waitForURL(`${stack.url}/app`);
    await page.close();
  });

  it('keeps the admin pages for the admin group', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const address = email();
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Full name').fill('Mary Jackson');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('windtunnel');
    await page.getByLabel('Confirm password').fill('windtunnel');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('status').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('windtunnel');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.url}/app`);
    await page.goto(`${stack.url}/app/admin`);
    await page.getByRole('heading', { name: 'Administrators only' }).waitFor();

    // An operator adds the learner to the admin group; after signing in again the page opens.
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: address, GroupName: 'admin' }));
    await page.getByRole('button', { name: /Mary Jackson/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('windtunnel');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.url}/app`);
    await page.goto(`${stack.url}/app/config`);
    await page.getByRole('heading', { name: 'Configuration' }).waitFor();
    expect(await page.getByTestId('provider-state').textContent()).toContain('No provider is configured');
    // The market-data tools moved from /app/admin to the data manager.
    await page.goto(`${stack.url}/app/data-manager`);
    await page.getByTestId('stats-row').first().waitFor();
    expect(await page.getByTestId('stats-row').count()).toBe(4);
    expect(await page.getByTestId('admin-source').textContent()).toBe('Demo (simulated market)');
    await page.close();
  });
});
