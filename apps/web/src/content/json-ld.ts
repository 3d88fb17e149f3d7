import type { Crumb } from "./Breadcrumbs.tsx";
import type { BlogPostDocument, FaqEntry } from "./types.ts";

/**
 * schema.org structured data. URLs are absolute with the origin placeholder of head.ts, which the server
 * replaces with its public address.
 */
export function breadcrumbJsonLd(origin: string, items: readonly Crumb[], currentPath: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.title,
      item: `${origin}${item.href ?? currentPath}`,
    })),
  };
}

export function faqJsonLd(entries: readonly FaqEntry[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

export function blogPostingJsonLd(origin: string, post: BlogPostDocument, path: string, siteName: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    inLanguage: post.language,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: siteName },
    mainEntityOfPage: `${origin}${path}`,
    ...(post.image ? { image: `${origin}${post.image.src}` } : {}),
    keywords: post.tags.join(", "),
  };
}
