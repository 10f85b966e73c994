// At 390 and 1280 px: suggestions under the header's search box
// chosen with the keyboard alone; a search that finds nothing offers a way on and takes a
// note for staff, who see it on /manage/search and teach the search the word there, after
// which the same search finds products.
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { expectNoViolations } from "./support/axe";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { openLoggedIn } from "./support/session";

const { baseUrl, openPage } = browserFile();

// A word a synonym group takes per width: a word belongs to one group only.
const knownWords = phoneAndDesktop("biltong", "chutney");
describe.each(knownWords)("search in the customer's words on a %s", (_name, viewport, known) => {
  it("opens a suggested product chosen by keyboard", async () => {
    const page = await openPage(viewport);
    await page.goto(`${baseUrl}/products?category=home`);
    const box = page.getByRole("combobox", { name: "Search for products" });
    await box.click();
    await page.keyboard.type("braai time chut", { delay: 20 });
    const suggestions = page.getByRole("listbox", { name: "Suggestions" });
    const first = suggestions.getByRole("option").first();
    await first.waitFor();
    const label = (await first.locator("span span").first().textContent())!;
    expect(label.toLowerCase()).toContain("chutney");
    await expectNoViolations(page, `search suggestions at ${viewport.width} px`);
    await box.press("ArrowDown");
    await expect.poll(() => box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    await box.press("Enter");
    await page.getByRole("heading", { level: 1, name: label }).waitFor();
    expect(page.url()).toMatch(/\/products\/[A-Z0-9]+$/);
    await page.context().close();
  });

  it("turns a search that found nothing into a note for staff, who teach the search the word", async () => {
    const word = `zq${randomBytes(3).toString("hex").replace(/\d/g, "x")}`;
    const page = await openPage(viewport);
    await page.goto(`${baseUrl}/products?${new URLSearchParams({ searchText: word })}`);
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: `No products match “${word}”` }).waitFor();
    await main.getByRole("heading", { name: "Popular with our customers" }).waitFor();
    expect(await main.getByRole("article").count()).toBeGreaterThan(0);
    // The panel's own code may still be on its way when the page is ready (it is loaded when a
    // search finds nothing): a tap before then is not answered, so it is tapped again, as a
    // person would.
    const note = main.getByLabel(/What were you looking for\?/);
    await vi.waitFor(
      async () => {
        if (!(await note.isVisible()))
          await main.getByRole("button", { name: "Tell us what you were looking for" }).click();
        await note.waitFor({ timeout: 2000 });
      },
      { timeout: 30_000, interval: 100 },
    );
    await note.fill(`${word} is what we call ${known}`);
    await main.getByRole("button", { name: "Send to the shop" }).click();
    await main.getByText(`Thank you: we will look for “${word}”.`).waitFor();
    await expectNoViolations(page, `an empty search at ${viewport.width} px`);

    const staff = await openPage(viewport);
    await openLoggedIn(staff, baseUrl, "staff", "/manage/search");
    const misses = staff.getByRole("list", { name: "Searches that found nothing" });
    await misses.getByText(`“${word}”`).waitFor();
    await misses.getByText(`${word} is what we call ${known}`).waitFor();
    await staff.getByRole("button", { name: "Add a group" }).click();
    const groups = staff.getByRole("list", { name: "Synonym groups" }).getByRole("textbox");
    await groups.last().fill(`${word}, ${known}`);
    await expectNoViolations(staff, `search words at ${viewport.width} px`);
    await staff.getByRole("button", { name: "Save synonyms" }).click();
    await staff.getByText("Synonyms saved").waitFor();
    await staff.getByText("Every shop shares the catalogue.").waitFor();
    await staff
      .getByRole("list", { name: "Recent changes to the search words" })
      .getByRole("listitem")
      .first()
      .getByText("Changed the search words: 1 group added")
      .waitFor();

    await page.goto(`${baseUrl}/products?${new URLSearchParams({ searchText: word })}`);
    const cards = main.getByRole("article");
    await cards.first().waitFor();
    expect((await cards.first().getByRole("heading").textContent())!.toLowerCase()).toContain(known);
    await staff.context().close();
    await page.context().close();
  });
});
