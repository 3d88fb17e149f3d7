import { useLocation } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { buttonClass, responsive } from "../../app/buttons.ts";
import { UserIcon } from "../../app/icons.tsx";
import { pageOfPath } from "../../app/pages.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAuth } from "./auth-state.ts";
import { RETURN_PARAM, safeReturnPath } from "./return-path.ts";

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
      <AppLink
        page={page}
        search={search}
        className={buttonClass(signedIn ? "subtle" : "light", "compact", responsive.fromSm)}
        style={{ maxWidth: 160 }}
        title={signedIn ? t("account.profile") : undefined}
        data-testid="account-link"
      >
        <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{label}</span>
      </AppLink>
      <AppLink
        page={page}
        search={search}
        className={buttonClass(signedIn ? "subtle" : "light", "icon", responsive.belowSm)}
        aria-label={signedIn ? `${t("account.profile")}: ${label}` : label}
      >
        <UserIcon size={18} />
      </AppLink>
    </>
  );
}
