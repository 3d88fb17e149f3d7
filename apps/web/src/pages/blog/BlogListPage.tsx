import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { type BlogIndex, blogPath, feedPath } from "../../content/types.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./Blog.module.css";
import { PostByline } from "./PostByline.tsx";

/** `/{lang}/blog`: the posts of this language, newest first. */
export default function BlogListPage() {
  const index = useLoaderData() as BlogIndex;
  const { t } = useTranslation("content");
  const language = useLanguage();
  usePageMeta({ title: t("blog.meta.title"), description: t("blog.meta.description"), feed: feedPath(language) });

  return (
    <Container size="md" py={{ base: 32, md: 56 }}>
      <Title order={1} mb="sm">
        {t("blog.title")}
      </Title>
      <Text size="lg" c="dimmed" mb="xl">
        {t("blog.lead")}
      </Text>
      {index.posts.length === 0 && <Text>{t("blog.empty")}</Text>}
      <Stack component="ol" gap="xl" className={classes.list}>
        {index.posts.map((post) => (
          <li key={post.slug} className={classes.entry}>
            <Title order={2} fz="h3" mb={6} className={classes.entryTitle}>
              <Anchor component={Link} to={blogPath(language, post.slug)} className={classes.entryLink}>
                {post.title}
              </Anchor>
            </Title>
            <PostByline post={post} />
            <Text mt="xs">{post.description}</Text>
          </li>
        ))}
      </Stack>
      <Text mt={48} size="sm">
        <Anchor href={feedPath(language)} className={classes.feedLink}>
          {t("blog.rss")}
        </Anchor>
      </Text>
    </Container>
  );
}
