import { Anchor, Card, Container, Group, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import type { PageId } from "../../app/pages.ts";
import { usePublicConfig } from "../../app/public-config.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./LegalPage.module.css";
import { LEGAL_TEXTS_UPDATED, parseLegalSections } from "./legal-document.ts";

export type LegalNamespace = "legal-privacy" | "legal-cookies" | "legal-offer";

const RELATED: { page: PageId; label: string }[] = [
  { page: "privacy", label: "related.privacy" },
  { page: "cookies", label: "related.cookies" },
  { page: "offer", label: "related.offer" },
];

function OperatorCard() {
  const { t } = useTranslation("legal");
  const config = usePublicConfig();
  return (
    <Card withBorder padding="lg" className={classes.operator} aria-labelledby="operator-title">
      <Text fw={700} id="operator-title" mb={4}>
        {t("operator.title")}
      </Text>
      {config.isPending && <DelayedLoader label={t("operator.loading")} />}
      {config.isError && <Text c="red.4">{t("operator.unavailable")}</Text>}
      {config.data && (
        <Text size="sm">
          {config.data.operator.name}
          {config.data.operator.contactEmail ? (
            <>
              {" · "}
              <Anchor href={`mailto:${config.data.operator.contactEmail}`}>{config.data.operator.contactEmail}</Anchor>
            </>
          ) : (
            ` · ${t("operator.noEmail")}`
          )}
        </Text>
      )}
    </Card>
  );
}

/** A legal page rendered from its namespace: title, date, contents, sections and links to the other texts. */
export function LegalPage({
  namespace,
  page,
  values = {},
}: {
  namespace: LegalNamespace;
  page: PageId;
  /** Extra interpolation values of the texts, e.g. formatted plan limits. */
  values?: Record<string, string>;
}) {
  const { t } = useTranslation([namespace, "legal"]);
  const language = useLanguage();
  const config = usePublicConfig();
  usePageMeta({ title: t("meta.title"), description: t("meta.description") });

  const operator = config.data?.operator.name || t("legal:operator.fallbackName");
  const email = config.data?.operator.contactEmail || t("legal:operator.fallbackEmail");
  const sections = parseLegalSections(t("sections", { returnObjects: true, operator, email, ...values }));

  return (
    <Container size="md" py={64}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("title")}</Title>
        <Text c="dimmed" size="sm">
          {t("legal:updated", {
            date: formatDate(LEGAL_TEXTS_UPDATED, language, { dateStyle: "long", timeZone: "UTC" }),
          })}
        </Text>
      </Stack>
      <Text size="lg" mb="xl">
        {t("intro", { operator, email })}
      </Text>
      <OperatorCard />

      <nav aria-labelledby="contents-title" className={classes.contents}>
        <Text fw={700} id="contents-title" mb="xs">
          {t("legal:contents")}
        </Text>
        <List type="ordered" spacing={4} size="sm">
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor component={Link} to={`#${section.id}`} size="sm">
                {section.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className={classes.section}>
          <Title order={2} fz="h3" id={`${section.id}-title`} mb="sm">
            {index + 1}. {section.title}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} mb="sm" className={classes.paragraph}>
              {paragraph}
            </Text>
          ))}
          {section.items.length > 0 && (
            <List spacing="xs" mb="sm" className={classes.paragraph}>
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
        </section>
      ))}

      <Group gap="lg" mt={48} className={classes.related}>
        {RELATED.filter((entry) => entry.page !== page).map((entry) => (
          <Anchor key={entry.page} component={AppLink} page={entry.page}>
            {t(entry.label, { ns: "legal" })}
          </Anchor>
        ))}
      </Group>
    </Container>
  );
}
