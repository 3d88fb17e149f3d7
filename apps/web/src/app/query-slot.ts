import type { QueryClient } from "@tanstack/react-query";
import { createContext } from "react";

/**
 * A query client given from outside (tests fill its cache up front). Only the pages that use the query cache load
 * its code (router.tsx), so the client is handed down in a plain context rather than mounted above every page.
 */
export const ProvidedQueryClient = createContext<QueryClient | null>(null);
