import { ActionIcon, Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { UserIcon } from "../../app/icons.tsx";
import { pageOfPath } from "../../app/pages.ts";
import { RETURN_PARAM, safeReturnPath } from "./return-path.ts";
import { useAuth } from "./session.ts";

/**
 * The header's way into the account: "Sign in", or the signed-in user's name leading to the profile. On a phone the
 * header has no room for a word, so an icon stands in for it.
 */
export function AccountLink() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === "loggedIn";
  const location = useLocation();
  const label = signedIn ? auth.user.username : t("account.signIn");
  const page = signedIn ? "profile" : "login";
  // Signing in from any page comes back to it (not from the login page itself, nor home, where nothing is lost).
  const from = `${location.pathname}${location.search}${location.hash}`;
  const back = signedIn || pageOfPath(location.pathname) === "home" ? null : safeReturnPath(from);
  const search = back ? `?${RETURN_PARAM}=${encodeURIComponent(back)}` : undefined;
  return (
    <>
      <Button
        component={AppLink}
        page={page}
        search={search}
        variant={signedIn ? "subtle" : "light"}
        color={signedIn ? "gray" : undefined}
        size="compact-md"
        maw={160}
        visibleFrom="sm"
        title={signedIn ? t("account.profile") : undefined}
        data-testid="account-link"
      >
        <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{label}</span>
      </Button>
      <ActionIcon
        component={AppLink}
        page={page}
        search={search}
        variant={signedIn ? "subtle" : "light"}
        color={signedIn ? "gray" : undefined}
        size="lg"
        hiddenFrom="sm"
        aria-label={signedIn ? `${t("account.profile")}: ${label}` : label}
      >
        <UserIcon size={18} />
      </ActionIcon>
    </>
  );
}
