import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cognitoClient, signUpAndSignIn } from '../support/cognito';
import { DESKTOP, launchBrowser, returningLearner, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the data manager in Chromium', () => {
  it('an operator opens it, stops the fetch and sees who stopped it, then starts it again', async () => {
    const operator = await signUpAndSignIn(stack, { name: 'Grace Hopper' });
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: operator.email, GroupName: 'admin' }));
    const context = await returningLearner(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await signInThroughPage(page, stack.url, operator.email, operator.password);
      await page.goto(`${stack.url}/app/data-manager`);
      await page.getByRole('heading', { level: 1, name: 'Data Manager' }).waitFor();
      const ingest = page.getByTestId('scheduler-ingest');
      await ingest.getByTestId('scheduler-state').waitFor();
      // Another run of the suite may have left it stopped: start it first, so the journey begins where an operator would.
      if ((await ingest.getByTestId('scheduler-state').textContent()) === 'Stopped') {
        await page.getByRole('button', { name: 'Start ingest' }).click();
        await page.getByRole('button', { name: 'Stop ingest' }).waitFor();
      }
      expect(await page.getByTestId('underlying-row').count()).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Stop ingest' }).click();
      await page.getByRole('button', { name: 'Start ingest' }).waitFor();
      expect(await ingest.getByTestId('scheduler-state').textContent()).toBe('Stopped');
      expect(await ingest.getByTestId('scheduler-changed').textContent()).toMatch(
        new RegExp(`^Stopped by ${operator.email.replace(/[.+]/g, '\\$&')} on .+ ET$`),
      );
      expect(await ingest.textContent()).toContain('Next run: none while stopped');

      // The stop holds on a reload (it is the schedule's own state, not the page's).
      await page.reload();
      await page.getByRole('button', { name: 'Start ingest' }).waitFor();

      await page.getByRole('button', { name: 'Start ingest' }).click();
      await page.getByRole('button', { name: 'Stop ingest' }).waitFor();
      expect(await ingest.getByTestId('scheduler-state').textContent()).toBe('Active');
      expect(await ingest.textContent()).toMatch(/Next run: .+ ET/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
