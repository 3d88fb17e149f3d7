import { Container, Title } from "@mantine/core";
import { useLoaderData } from "react-router";
import { SITE_NAME } from "../../app/head.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta, useSiteOrigin } from "../../app/use-page-meta.ts";
import { Article } from "../../content/Article.tsx";
import { Breadcrumbs, type Crumb } from "../../content/Breadcrumbs.tsx";
import { blogPostingJsonLd, breadcrumbJsonLd } from "../../content/json-ld.ts";
import { NeighbourLinks } from "../../content/NeighbourLinks.tsx";
import { type BlogPostDocument, blogPath, feedPath } from "../../content/types.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./Blog.module.css";
import { PostByline } from "./PostByline.tsx";

/** `/{lang}/blog/<slug>`: one post; alternates only to the languages it was written in. */
export default function BlogPostPage() {
  const post = useLoaderData() as BlogPostDocument;
  const { t } = useTranslation("content");
  const language = useLanguage();
  const origin = useSiteOrigin();
  const path = blogPath(language, post.slug);
  const crumbs: Crumb[] = [
    { title: t("breadcrumb.home"), href: `/${language}` },
    { title: t("blog.title"), href: blogPath(language) },
    { title: post.title },
  ];
  usePageMeta({
    title: post.title,
    description: post.description,
    languages: post.languages,
    type: "article",
    image: post.image?.src,
    feed: feedPath(language),
    jsonLd: [blogPostingJsonLd(origin, post, path, SITE_NAME), breadcrumbJsonLd(origin, crumbs, path)],
  });

  return (
    <Container size="md" py={{ base: 32, md: 56 }}>
      <Breadcrumbs items={crumbs} />
      <article>
        <Title order={1} mb="sm" className={classes.entryTitle}>
          {post.title}
        </Title>
        <PostByline post={post} />
        {post.image && (
          <img
            src={post.image.src}
            alt={post.image.alt}
            width={post.image.width}
            height={post.image.height}
            // The cover is the largest element of the post on wider screens: fetched before the page's scripts.
            fetchPriority="high"
            className={classes.cover}
          />
        )}
        <div className={post.image ? undefined : classes.spacer}>
          <Article html={post.html} />
        </div>
      </article>
      <NeighbourLinks
        label={t("blog.title")}
        previous={{ label: t("blog.older"), link: post.previous, href: (slug) => blogPath(language, slug) }}
        next={{ label: t("blog.newer"), link: post.next, href: (slug) => blogPath(language, slug) }}
      />
    </Container>
  );
}
