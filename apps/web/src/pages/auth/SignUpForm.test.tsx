import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { AppProviders, createQueryClient } from "../../app/AppProviders.tsx";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";

const signUp = vi.fn();
vi.mock("../../features/auth/session.ts", () => ({ session: { signUp } }));
// The captcha is solved at once: these tests are about the form's own checks and the server's answers.
vi.mock("../../features/auth/CaptchaField.tsx", async () => {
  const { useEffect } = await import("react");
  return {
    CaptchaField: ({ onToken }: { onToken: (token: string) => void }) => {
      useEffect(() => onToken("solved"), [onToken]);
      return null;
    },
  };
});

const { SignUpForm } = await import("./SignUpForm.tsx");

beforeAll(async () => {
  for (const language of ["en", "ru", "uk"] as const) await loadNamespaces(language, ["auth", "account"]);
});
beforeEach(() => signUp.mockReset());

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: <SignUpForm captcha={{ provider: "altcha", siteKey: null, challengeUrl: "/x" }} mailOutbox={false} />,
      },
    ],
    { initialEntries: ["/"] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const field = (name: RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const password = () => document.querySelector<HTMLInputElement>('input[autocomplete="new-password"]')!;

describe("sign-up form", () => {
  it("names each field and its rule before sending anything", async () => {
    await activateLanguage("en");
    renderForm();
    fireEvent.change(field(/^Username/), { target: { value: "an na" } });
    fireEvent.change(field(/^Email/), { target: { value: "anna@" } });
    fireEvent.change(password(), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(
      await screen.findByText(
        "The username may use only letters, digits, dots, hyphens and underscores: no spaces and no @.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("This is not a valid email address. It should look like name@example.com.")).toBeTruthy();
    expect(screen.getByText("The password must be at least 8 characters long.")).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Username/));
    expect(signUp).not.toHaveBeenCalled();
    // Fixed as the visitor types.
    fireEvent.change(field(/^Username/), { target: { value: "anna" } });
    await waitFor(() => expect(screen.queryByText(/may use only letters/)).toBeNull());
  });

  it("says which field the server refused, in the visitor's language", async () => {
    await activateLanguage("ru");
    signUp.mockRejectedValueOnce(new ApiError(409, "USERNAME_EXISTS", "x", { code: "USERNAME_EXISTS" }));
    renderForm();
    fireEvent.change(field(/^Имя пользователя/), { target: { value: "anna" } });
    fireEvent.change(field(/^Email/), { target: { value: "anna@example.com" } });
    fireEvent.change(password(), { target: { value: "violet-harbour-9" } });
    fireEvent.click(screen.getByRole("button", { name: "Зарегистрироваться" }));
    expect(await screen.findByText("Такое имя пользователя уже занято. Выберите другое.")).toBeTruthy();
    expect(signUp).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("signup-error")).toBeNull();
  });

  it("maps a VALIDATION answer's fields to their rules", async () => {
    await activateLanguage("uk");
    signUp.mockRejectedValueOnce(
      new ApiError(400, "VALIDATION", "x", { code: "VALIDATION", issues: [{ path: "body/email", message: "bad" }] }),
    );
    renderForm();
    fireEvent.change(field(/^Імʼя користувача/), { target: { value: "anna" } });
    fireEvent.change(field(/^Email/), { target: { value: "anna@example.com" } });
    fireEvent.change(password(), { target: { value: "violet-harbour-9" } });
    fireEvent.click(screen.getByRole("button", { name: "Зареєструватися" }));
    expect(await screen.findByText("Це значення не підходить. Перевірте його й спробуйте знову.")).toBeTruthy();
  });
});
