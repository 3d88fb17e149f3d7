import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { useCallback, useRef } from "react";

/**
 * A mutation that ignores calls while one is under way, so a double click on Make a font, Copy, Create template or
 * Build makes one, not two. The guard is a ref, not the pending state: the second click of a double click can
 * arrive before React has drawn the button disabled.
 */
export function useSingleFlight<TData, TVariables = void>(options: UseMutationOptions<TData, Error, TVariables>) {
  const mutation = useMutation(options);
  const busy = useRef(false);
  const { mutateAsync } = mutation;
  const run = useCallback(
    (variables: TVariables) => {
      if (busy.current) return;
      busy.current = true;
      // The failure is kept in the mutation's state (shown by the page); nothing else to do with it here.
      mutateAsync(variables)
        .catch(() => undefined)
        .finally(() => {
          busy.current = false;
        });
    },
    [mutateAsync],
  );
  return { ...mutation, run };
}
