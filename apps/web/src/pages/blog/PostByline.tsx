import { Badge, Group, Text } from "@mantine/core";
import type { BlogPostSummary } from "../../content/types.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Date, author, reading time and tags of a post. */
export function PostByline({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation("content");
  return (
    <>
      <Text size="sm" c="dimmed">
        <time dateTime={post.date}>{post.dateText}</time>
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
