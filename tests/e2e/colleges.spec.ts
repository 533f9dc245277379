import { baseUrlOf, expect, test } from './fixtures';

const colleges = [
  { host: 'localhost', name: 'Colegio Las Colinas', themeColor: '#2f7d4f' },
  { host: 'british.localhost', name: "St. George's British School", themeColor: '#1d3a6e' },
  { host: 'alianza.localhost', name: 'Alianza Francesa', themeColor: '#b3261e' },
] as const;

test('shows each college by the address it is opened from, with its own name and colour', async ({ page, baseURL }) => {
  for (const college of colleges) {
    await page.goto(`${baseUrlOf(college.host, baseURL)}/`);
    await expect(page.getByRole('heading', { name: college.name, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(college.name));
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', new RegExp(college.themeColor, 'i'));

    await page.reload();
    await expect(page.getByRole('heading', { name: college.name, level: 1 })).toBeVisible();
    for (const other of colleges.filter((c) => c !== college)) {
      await expect(page.getByText(other.name)).toHaveCount(0);
    }
  }
});
