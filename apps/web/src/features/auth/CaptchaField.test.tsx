import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";
import { CaptchaField } from "./CaptchaField.tsx";

// The widget's code is not run here: the element stands in for it, with the two methods the field calls.
vi.mock("altcha", () => ({}));

type Widget = HTMLElement & { verify: ReturnType<typeof vi.fn>; getState: () => string };

beforeAll(async () => {
  await loadNamespaces("en", ["auth"]);
  await activateLanguage("en");
});

function renderField(onToken = vi.fn()) {
  render(
    <TestProviders>
      <form>
        <input aria-label="Username" />
        <CaptchaField
          config={{ provider: "altcha", siteKey: null, challengeUrl: "/challenge" }}
          language="en"
          onToken={onToken}
          resetSignal={0}
        />
      </form>
      <button type="button">Elsewhere</button>
    </TestProviders>,
  );
  const widget = screen.getByTestId("captcha") as Widget;
  widget.verify = vi.fn(async () => null);
  widget.getState = () => "unverified";
  return { widget, onToken };
}

describe("the ALTCHA captcha field", () => {
  it("starts solving when its code arrives while the visitor is already typing in the form", () => {
    const { widget } = renderField();
    screen.getByRole("textbox", { name: "Username" }).focus();
    widget.dispatchEvent(new Event("load"));
    expect(widget.verify).toHaveBeenCalledTimes(1);
  });

  it("waits for the form's focus when the visitor is not in the form yet", () => {
    const { widget } = renderField();
    screen.getByRole("button", { name: "Elsewhere" }).focus();
    widget.dispatchEvent(new Event("load"));
    expect(widget.verify).not.toHaveBeenCalled();
  });

  it("does not start a second check when one is under way", () => {
    const { widget } = renderField();
    widget.getState = () => "verifying";
    screen.getByRole("textbox", { name: "Username" }).focus();
    widget.dispatchEvent(new Event("load"));
    expect(widget.verify).not.toHaveBeenCalled();
  });

  it("hands over the response once solved, and takes it back when it expires", () => {
    const { widget, onToken } = renderField();
    widget.dispatchEvent(new CustomEvent("statechange", { detail: { state: "verified", payload: "proof" } }));
    widget.dispatchEvent(new CustomEvent("statechange", { detail: { state: "expired" } }));
    expect(onToken.mock.calls).toEqual([["proof"], [null]]);
  });
});
