import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../app/AppProviders.tsx";
import { useSingleFlight } from "./use-single-flight.ts";

function MakeButton({ make }: { make: () => Promise<string> }) {
  const mutation = useSingleFlight({ mutationFn: make });
  return (
    <button type="button" onClick={() => mutation.run()} disabled={mutation.isPending}>
      Make {mutation.data ?? ""}
    </button>
  );
}

describe("single-flight actions", () => {
  it("runs once for a double click, and again once the first run has finished", async () => {
    let finish: (value: string) => void = () => {};
    const make = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MakeButton make={make} />
      </AppProviders>,
    );
    const button = screen.getByRole("button");
    // Both clicks land before React draws the button disabled.
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(make).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(make).toHaveBeenCalledTimes(1);
    await act(async () => finish("font"));
    await waitFor(() => expect(screen.getByRole("button").textContent).toBe("Make font"));
    fireEvent.click(screen.getByRole("button"));
    await waitFor(() => expect(make).toHaveBeenCalledTimes(2));
  });
});
