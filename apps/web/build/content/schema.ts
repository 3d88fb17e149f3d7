import { z } from "zod";

/** YYYY-MM-DD that is a real calendar day. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "is not a real date");

// Search results cut titles near 60–70 characters and descriptions near 155–160.
const title = z.string().trim().min(1).max(70);
const description = z.string().trim().min(1).max(160);

/** Front matter of apps/web/content/instructions/<slug>/<lang>.md (content-format.md). */
export const InstructionsFrontMatter = z.strictObject({
  title,
  description,
  order: z.number().int().min(0),
  updated: day,
});

/** Front matter of apps/web/content/blog/<slug>/<lang>.md (content-format.md). */
export const BlogFrontMatter = z
  .strictObject({
    title,
    description,
    date: day,
    author: z.string().trim().min(1).max(80),
    tags: z
      .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "tags are lowercase kebab-case ids"))
      .min(1)
      .max(6),
    image: z
      .string()
      .regex(/^\/content-images\/[\w.-]+\.(?:png|webp|svg|jpe?g)$/, "images live under /content-images/")
      .optional(),
    imageAlt: z.string().trim().min(1).optional(),
  })
  .refine((value) => !value.image || value.imageAlt, {
    message: "imageAlt is required with image",
    path: ["imageAlt"],
  });

/** One line per problem: `field: message`. */
export function describeZodError(error: z.ZodError): string[] {
  return error.issues.map((issue) => `front matter ${issue.path.join(".") || "(root)"}: ${issue.message}`);
}
