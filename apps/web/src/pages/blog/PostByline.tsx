import { Badge, Group, Text } from "@mantine/core";
import { useLanguage } from "../../app/use-language.ts";
import { formatDay } from "../../content/dates.ts";
import type { BlogPostSummary } from "../../content/types.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Date, author, reading time and tags of a post. */
export function PostByline({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation("content");
  const language = useLanguage();
  return (
    <>
      <Text size="sm" c="dimmed">
        <time dateTime={post.date}>{formatDay(post.date, language)}</time>
        {" · "}
        {t("blog.by", { author: post.author })}
        {" · "}
        {t("blog.readingTime", { count: post.readingMinutes })}
      </Text>
      <Group gap={6} mt={8} aria-label={t("blog.tagsLabel")} role="list">
        {post.tags.map((tag) => (
          <Badge key={tag} variant="light" color="gray" radius="sm" role="listitem" tt="none">
            {t(`tags.${tag}`)}
          </Badge>
        ))}
      </Group>
    </>
  );
}
