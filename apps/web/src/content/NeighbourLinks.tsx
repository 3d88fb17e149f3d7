import { Anchor, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import classes from "./NeighbourLinks.module.css";
import type { ContentLink } from "./types.ts";

interface Neighbour {
  label: string;
  link: ContentLink | null;
  href: (slug: string) => string;
}

/** Previous and next page or post, at the end of an article. */
export function NeighbourLinks({ label, previous, next }: { label: string; previous: Neighbour; next: Neighbour }) {
  return (
    <nav aria-label={label} className={classes.nav}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {[previous, next].map((entry, index) =>
          entry.link ? (
            <Anchor
              key={entry.label}
              component={Link}
              to={entry.href(entry.link.slug)}
              className={classes.card}
              data-align={index === 0 ? "start" : "end"}
              rel={index === 0 ? "prev" : "next"}
            >
              <Text component="span" size="sm" c="dimmed" display="block">
                {entry.label}
              </Text>
              <Text component="span" fw={600} display="block" className={classes.title}>
                {entry.link.title}
              </Text>
            </Anchor>
          ) : (
            <span key={entry.label} />
          ),
        )}
      </SimpleGrid>
    </nav>
  );
}
