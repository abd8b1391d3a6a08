import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { cognitoClient, signUpAndSignIn } from '../support/cognito';
import { optionBarsCsv } from '../support/uploads';
import { chromiumForFile, returningLearner, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

describe('bulk upload in Chromium', () => {
  it('an operator uploads a file of option bars, watches it progress, reads the report and exports it', async () => {
    const operator = await signUpAndSignIn(stack, { name: 'Olga Operator' });
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: operator.email, GroupName: 'admin' }));
    const { csv } = optionBarsCsv(3000);
    const lines = csv.trimEnd().split('\n');
    const file = [...lines, lines[1]!.replace(/^SPY/, '=SPY'), lines[2]!.replace(',0.2,', ',-0.2,')].join('\n');

    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, operator.email, operator.password);
    await page.goto(`${stack.url}/app/bulk-upload`);
    await page.getByRole('heading', { level: 1, name: 'Bulk Data Upload' }).waitFor();

    // A file that is not .csv is refused before anything is sent.
    await page.getByLabel('CSV file').setInputFiles({ name: 'bars.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('is not a .csv file');
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);

    await page.getByLabel('Option bars').check();
    await page.getByLabel('CSV file').setInputFiles({ name: 'spy-options.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('job-progress').waitFor();
    const report = page.getByTestId('upload-report');
    await report.getByText('Finished').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('report-rows-read').textContent()).toBe('3,002');
    expect(await page.getByTestId('report-stored').textContent()).toBe('3,000');
    expect(await page.getByTestId('report-rejected').textContent()).toBe('2');
    expect(await page.getByTestId('rejections').textContent()).toContain('row 3001: contract_ticker: starts with "=": a formula is not accepted');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the report (CSV)' }).click()]);
    const exported = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(exported as Buffer[]).toString('utf8');
    expect(text).toContain('rows read,3002');
    expect(text).toContain('3001,contract_ticker,"starts with ""="": a formula is not accepted"');

    await expect.poll(() => page.getByTestId('recent-uploads').textContent()).toContain('spy-options.csv');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
