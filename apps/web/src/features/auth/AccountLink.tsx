import { ActionIcon, Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../app/AppLink.tsx";
import { UserIcon } from "../../app/icons.tsx";
import { useAuth } from "./auth-state.ts";

/**
 * The header's way into the account: "Sign in", or the signed-in user's name leading to the profile. On a phone the
 * header has no room for a word, so an icon stands in for it.
 */
export function AccountLink() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === "loggedIn";
  const label = signedIn ? auth.user.username : t("account.signIn");
  const page = signedIn ? "profile" : "login";
  return (
    <>
      <Button
        component={AppLink}
        page={page}
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
