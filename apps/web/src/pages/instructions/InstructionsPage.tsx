import { Container, Grid, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta, useSiteOrigin } from "../../app/use-page-meta.ts";
import { Article } from "../../content/Article.tsx";
import { Breadcrumbs, type Crumb } from "../../content/Breadcrumbs.tsx";
import { breadcrumbJsonLd, faqJsonLd } from "../../content/json-ld.ts";
import { NeighbourLinks } from "../../content/NeighbourLinks.tsx";
import { type InstructionsDocument, instructionsPath } from "../../content/types.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./InstructionsPage.module.css";

/** `/{lang}/instructions` and its five guides (spec §2), from apps/web/content/instructions. */
export default function InstructionsPage() {
  const doc = useLoaderData() as InstructionsDocument;
  const { t } = useTranslation("content");
  const language = useLanguage();
  const origin = useSiteOrigin();
  const path = instructionsPath(language, doc.slug);
  const overview = doc.menu[0];
  const crumbs: Crumb[] = [
    { title: t("breadcrumb.home"), href: `/${language}` },
    ...(doc.slug === "overview" || !overview
      ? []
      : [{ title: overview.title, href: instructionsPath(language, "overview") }]),
    { title: doc.title },
  ];
  usePageMeta({
    title: doc.title,
    description: doc.description,
    languages: doc.languages,
    jsonLd: [breadcrumbJsonLd(origin, crumbs, path), ...(doc.faq.length > 0 ? [faqJsonLd(doc.faq)] : [])],
  });

  return (
    <Container size="lg" py={{ base: 32, md: 56 }}>
      <Breadcrumbs items={crumbs} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          <nav aria-labelledby="instructions-menu" className={classes.menu}>
            <Text id="instructions-menu" fw={700} size="sm" mb="xs">
              {t("instructions.menu")}
            </Text>
            <ul className={classes.menuList}>
              {doc.menu.map((entry) => (
                <li key={entry.slug}>
                  <Link
                    to={instructionsPath(language, entry.slug as InstructionsDocument["slug"])}
                    className={classes.menuLink}
                    aria-current={entry.slug === doc.slug ? "page" : undefined}
                  >
                    {entry.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          <article>
            <Title order={1} mb="xs" className={classes.title}>
              {doc.title}
            </Title>
            <Text size="sm" c="dimmed" mb="xl">
              {t("instructions.updated", { date: doc.updatedText })}
            </Text>
            <Article html={doc.html} />
          </article>
          <NeighbourLinks
            label={t("instructions.menu")}
            previous={{
              label: t("instructions.previous"),
              link: doc.previous,
              href: (slug) => instructionsPath(language, slug as InstructionsDocument["slug"]),
            }}
            next={{
              label: t("instructions.next"),
              link: doc.next,
              href: (slug) => instructionsPath(language, slug as InstructionsDocument["slug"]),
            }}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
