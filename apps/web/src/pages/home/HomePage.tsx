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
import layout from "../../app/layout.module.css";
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

  const h2 = `${layout.title} ${layout.h2}`;
  const h3 = `${layout.title} ${layout.h3}`;
  const dimmed = (size: "sm" | "md" | "lg" | "xl") => `${layout.text} ${layout[size]} ${layout.dimmed}`;

  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <div className={`${layout.container} ${classes.heroInner}`}>
          <div className={`${layout.stack} ${layout.gapLg} ${classes.narrow}`}>
            <p className={classes.eyebrow}>{t("hero.eyebrow")}</p>
            <h1 id="hero-title" className={`${layout.title} ${classes.heroTitle}`}>
              {t("hero.title")}
            </h1>
            <p className={`${dimmed("xl")} ${classes.lead}`}>{t("hero.lead")}</p>
            <div className={`${layout.group} ${layout.gapSm}`}>
              <AppLink page={CALL_TO_ACTION_PAGE} className={buttonClass("filled", "lg")} data-testid="hero-cta">
                {t("hero.cta")}
                <ArrowRightIcon size={18} />
              </AppLink>
              <AppLink page="home" hash="how-it-works" className={buttonClass("default", "lg")}>
                {t("hero.secondary")}
              </AppLink>
            </div>
          </div>
        </div>
      </section>

      <section className={`${layout.container} ${classes.section}`} id="how-it-works" aria-labelledby="steps-title">
        <h2 id="steps-title" className={`${h2} ${layout.mbXl}`}>
          {t("steps.title")}
        </h2>
        <ol className={classes.steps}>
          {STEPS.map((step, index) => (
            <li key={step.id} className={classes.step}>
              <div className={`${layout.group} ${layout.nowrap} ${layout.gapMd} ${layout.mbMd}`}>
                <span className={classes.stepIcon}>{step.icon}</span>
                <span aria-hidden="true" className={classes.stepNumber}>
                  {index + 1}
                </span>
              </div>
              <h3 className={`${h3} ${layout.mbXs}`}>{t(`steps.${step.id}.title`)}</h3>
              <p className={dimmed("md")}>{t(`steps.${step.id}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={classes.why} aria-labelledby="why-title">
        <div className={`${layout.container} ${classes.section}`}>
          <h2 id="why-title" className={`${h2} ${layout.mbSm}`}>
            {t("why.title")}
          </h2>
          <p className={classes.whyLead}>{t("why.lead")}</p>
          <div className={classes.advantages}>
            {ADVANTAGES.map((advantage) => (
              <div
                key={advantage.id}
                className={`${layout.group} ${layout.nowrap} ${layout.alignStart} ${layout.gapMd}`}
              >
                <span className={classes.advantageIcon}>{advantage.icon}</span>
                <div>
                  <h3 className={classes.advantageTitle}>{t(`why.${advantage.id}.title`)}</h3>
                  <p className={dimmed("sm")}>{t(`why.${advantage.id}.text`)}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className={`${layout.containerMd} ${classes.closing}`} aria-labelledby="cta-title">
        <div className={`${layout.stack} ${layout.gapMd} ${classes.closingStack}`}>
          <h2 id="cta-title" className={h2}>
            {t("cta.title")}
          </h2>
          <p className={dimmed("lg")}>{t("cta.text")}</p>
          <AppLink page="functions" className={buttonClass("filled", "lg")}>
            {t("cta.button")}
            <ArrowRightIcon size={18} />
          </AppLink>
        </div>
      </section>
    </>
  );
}
