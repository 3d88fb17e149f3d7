import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../app/AppLink.tsx";
import { useAuth } from "./session.ts";

/** The header's way into the account: "Sign in", or the signed-in user's name leading to the profile. */
export function AccountLink() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.status === "loggedIn") {
    return (
      <Button
        component={AppLink}
        page="profile"
        variant="subtle"
        color="gray"
        data-testid="account-link"
        maw={180}
        title={t("account.profile")}
      >
        <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{auth.user.username}</span>
      </Button>
    );
  }
  return (
    <Button component={AppLink} page="login" variant="light" data-testid="account-link">
      {t("account.signIn")}
    </Button>
  );
}
