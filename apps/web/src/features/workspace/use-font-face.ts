import { useEffect, useState } from "react";

let counter = 0;

/**
 * Loads font bytes into the document with the FontFace API and returns the family name to use, or null while
 * there are no bytes or they are loading. The face is removed again when the bytes change or the page goes.
 */
export function useFontFace(bytes: ArrayBuffer | null): string | null {
  const [family, setFamily] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) {
      setFamily(null);
      return;
    }
    counter += 1;
    const name = `handfont-preview-${counter}`;
    const face = new FontFace(name, bytes);
    let active = true;
    face
      .load()
      .then(() => {
        if (!active) return;
        document.fonts.add(face);
        setFamily(name);
      })
      .catch(() => {
        if (active) setFamily(null);
      });
    return () => {
      active = false;
      document.fonts.delete(face);
    };
  }, [bytes]);
  return family;
}
