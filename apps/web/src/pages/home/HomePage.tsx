import { Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { AppLink } from "../../app/AppLink.tsx";
import { buttonClass } from "../../app/buttons.ts";
import {
  AccentIcon,
  AlphabetIcon,
  ArrowRightIcon,
  CameraIcon,
  EyeIcon,
  FileIcon,
  KeyboardIcon,
  LigatureIcon,
  PrinterIcon,
  QrIcon,
  RulerIcon,
  SaveIcon,
  ShieldIcon,
  ShuffleIcon,
} from "../../app/icons.tsx";
import { CALL_TO_ACTION_PAGE } from "../../app/pages.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./HomePage.module.css";

const STEPS: { id: "print" | "write" | "type"; icon: ReactNode }[] = [
  { id: "print", icon: <PrinterIcon size={26} /> },
  { id: "write", icon: <CameraIcon size={26} /> },
  { id: "type", icon: <KeyboardIcon size={26} /> },
];

const ADVANTAGES: { id: string; icon: ReactNode }[] = [
  { id: "template", icon: <QrIcon /> },
  { id: "metrics", icon: <RulerIcon /> },
  { id: "variants", icon: <ShuffleIcon /> },
  { id: "ligatures", icon: <LigatureIcon /> },
  { id: "accents", icon: <AccentIcon /> },
  { id: "scripts", icon: <AlphabetIcon /> },
  { id: "clean", icon: <ShieldIcon /> },
  { id: "preview", icon: <EyeIcon /> },
  { id: "formats", icon: <FileIcon /> },
  { id: "safe", icon: <SaveIcon /> },
];

/**
 * The landing page: what Handfont does, the three steps, why it beats a plain scan-to-font service. Its badges,
 * cards, icon discs and grids are plain elements styled in HomePage.module.css: the first page a visitor opens
 * should download as little script as it can.
 */
export default function HomePage() {
  const { t } = useTranslation("home");
  usePageMeta({ title: t("meta.title"), description: t("meta.description") });

  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="hero-title">
        <Container size="lg" py={{ base: 56, md: 96 }}>
          <Stack gap="lg" maw={760}>
            <p className={classes.eyebrow}>{t("hero.eyebrow")}</p>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              {t("hero.title")}
            </Title>
            <Text size="xl" c="dimmed" className={classes.lead}>
              {t("hero.lead")}
            </Text>
            <Group gap="sm">
              <AppLink page={CALL_TO_ACTION_PAGE} className={buttonClass("filled", "lg")} data-testid="hero-cta">
                {t("hero.cta")}
                <ArrowRightIcon size={18} />
              </AppLink>
              <AppLink page="home" hash="how-it-works" className={buttonClass("default", "lg")}>
                {t("hero.secondary")}
              </AppLink>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container component="section" size="lg" py={72} id="how-it-works" aria-labelledby="steps-title">
        <Title id="steps-title" order={2} mb="xl">
          {t("steps.title")}
        </Title>
        <ol className={classes.steps}>
          {STEPS.map((step, index) => (
            <li key={step.id} className={classes.step}>
              <Group gap="md" mb="md" wrap="nowrap">
                <span className={classes.stepIcon}>{step.icon}</span>
                <span aria-hidden="true" className={classes.stepNumber}>
                  {index + 1}
                </span>
              </Group>
              <Title order={3} mb="xs">
                {t(`steps.${step.id}.title`)}
              </Title>
              <Text c="dimmed">{t(`steps.${step.id}.text`)}</Text>
            </li>
          ))}
        </ol>
      </Container>

      <Box component="section" className={classes.why} aria-labelledby="why-title">
        <Container size="lg" py={72}>
          <Title id="why-title" order={2} mb="sm">
            {t("why.title")}
          </Title>
          <Text c="dimmed" size="lg" mb={40} maw={760}>
            {t("why.lead")}
          </Text>
          <div className={classes.advantages}>
            {ADVANTAGES.map((advantage) => (
              <Group key={advantage.id} align="flex-start" wrap="nowrap" gap="md">
                <span className={classes.advantageIcon}>{advantage.icon}</span>
                <div>
                  <Title order={3} fz="lg" mb={6}>
                    {t(`why.${advantage.id}.title`)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`why.${advantage.id}.text`)}
                  </Text>
                </div>
              </Group>
            ))}
          </div>
        </Container>
      </Box>

      <Container component="section" size="md" py={88} aria-labelledby="cta-title">
        <Stack align="center" gap="md" ta="center">
          <Title id="cta-title" order={2}>
            {t("cta.title")}
          </Title>
          <Text c="dimmed" size="lg">
            {t("cta.text")}
          </Text>
          <AppLink page="functions" className={buttonClass("filled", "lg")}>
            {t("cta.button")}
            <ArrowRightIcon size={18} />
          </AppLink>
        </Stack>
      </Container>
    </>
  );
}
