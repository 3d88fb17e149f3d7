import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "./i18n.ts";
import { useTranslation } from "./use-translation.ts";

function Greeting({ namespaces }: { namespaces: string | string[] }) {
  const { t, ready } = useTranslation(namespaces);
  return <p data-ready={String(ready)}>{t("greeting", { name: "Ada" })}</p>;
}

const previous = i18n.language;
afterEach(() => i18n.changeLanguage(previous));

describe("useTranslation", () => {
  it("draws the active language's text and again in the new language when it changes", () => {
    i18n.addResourceBundle("en", "test-greeting", { greeting: "Hello, {{name}}" });
    i18n.addResourceBundle("de", "test-greeting", { greeting: "Hallo, {{name}}" });
    i18n.changeLanguage("en");
    render(<Greeting namespaces="test-greeting" />);
    expect(screen.getByText("Hello, Ada")).toBeTruthy();
    act(() => i18n.changeLanguage("de"));
    expect(screen.getByText("Hallo, Ada")).toBeTruthy();
  });

  it("is ready only when every namespace it reads is loaded in the active language", () => {
    i18n.addResourceBundle("en", "test-loaded", { greeting: "Hi" });
    i18n.changeLanguage("en");
    const { container, rerender } = render(<Greeting namespaces={["test-loaded", "test-not-loaded"]} />);
    expect(container.querySelector("p")?.dataset.ready).toBe("false");
    rerender(<Greeting namespaces="test-loaded" />);
    expect(container.querySelector("p")?.dataset.ready).toBe("true");
  });
});
