import type { MessageCatalogue } from "./errors.ts";

/** Warnings the scan reader attaches to a page or a letter; the letter or page is still usable. */
export const SCAN_WARNING_CODES = [
  "STROKE_TRIMMED",
  "TOUCHES_BORDER",
  "CROSSED_BOX",
  "SPECKS_REMOVED",
  "FAINT_INK",
  "LOW_RESOLUTION",
  "STRONG_PERSPECTIVE",
  "UNEVEN_LIGHTING",
  "GLARE",
  "PAGE_EMPTY",
  "ERASED_LETTER",
] as const;
export type ScanWarningCode = (typeof SCAN_WARNING_CODES)[number];

export const SCAN_WARNING_MESSAGES: MessageCatalogue<ScanWarningCode> = {
  en: {
    STROKE_TRIMMED: "A stroke coming in from a neighbouring box was removed.",
    TOUCHES_BORDER: "The letter runs too far past its box, or off the page, and may be cut off.",
    CROSSED_BOX: "The letter goes past the edge of its box; the part outside was kept.",
    SPECKS_REMOVED: "Small specks of dirt were removed.",
    FAINT_INK: "The ink is very faint; the letter may be incomplete. Try a darker pen.",
    LOW_RESOLUTION:
      "The page was captured at a low resolution; letters may look rough. Scan at 300 dpi or move closer.",
    STRONG_PERSPECTIVE: "The page was photographed at a steep angle; hold the camera straight above the page.",
    UNEVEN_LIGHTING: "The lighting is very uneven; avoid shadows on the page.",
    GLARE:
      "A reflection washes out part of the page; letters there may be faint or missing. Photograph the page again without the flash, with the light coming from the side.",
    PAGE_EMPTY: "No letters were found on this page. Was it filled in, and written with a dark enough pen?",
    ERASED_LETTER:
      "Only the faint trace of an erased letter was found in this box, so it was left empty. If a letter belongs here, write it more firmly.",
  },
  ru: {
    STROKE_TRIMMED: "Удалён штрих, заходивший из соседней клетки.",
    TOUCHES_BORDER: "Буква заходит слишком далеко за клетку или за край страницы и может быть обрезана.",
    CROSSED_BOX: "Буква выходит за край клетки; часть снаружи сохранена.",
    SPECKS_REMOVED: "Удалены мелкие точки и соринки.",
    FAINT_INK: "Чернила очень бледные, буква может быть неполной. Попробуйте ручку потемнее.",
    LOW_RESOLUTION:
      "Страница снята с низким разрешением, буквы могут выглядеть грубо. Сканируйте с 300 dpi или снимайте ближе.",
    STRONG_PERSPECTIVE: "Страница снята под большим углом. Держите камеру прямо над листом.",
    UNEVEN_LIGHTING: "Освещение очень неравномерное. Избегайте теней на странице.",
    GLARE:
      "Блик засвечивает часть страницы: буквы там могут выйти бледными или пропасть. Переснимите страницу без вспышки, чтобы свет падал сбоку.",
    PAGE_EMPTY: "На этой странице не найдено ни одной буквы. Она заполнена? Достаточно ли тёмная ручка?",
    ERASED_LETTER:
      "В этой клетке только бледный след стёртой буквы, поэтому она оставлена пустой. Если здесь нужна буква, напишите её с нажимом.",
  },
  de: {
    STROKE_TRIMMED: "Ein Strich aus einem Nachbarkästchen wurde entfernt.",
    TOUCHES_BORDER:
      "Der Buchstabe reicht zu weit über sein Kästchen oder über den Seitenrand hinaus und ist vielleicht abgeschnitten.",
    CROSSED_BOX: "Der Buchstabe ragt über den Rand seines Kästchens hinaus; der Teil außerhalb wurde übernommen.",
    SPECKS_REMOVED: "Kleine Schmutzpunkte wurden entfernt.",
    FAINT_INK: "Die Tinte ist sehr blass; der Buchstabe ist vielleicht unvollständig. Nimm einen dunkleren Stift.",
    LOW_RESOLUTION:
      "Die Seite wurde mit geringer Auflösung aufgenommen; Buchstaben können grob wirken. Scanne mit 300 dpi oder geh näher heran.",
    STRONG_PERSPECTIVE: "Die Seite wurde sehr schräg fotografiert; halte die Kamera gerade über die Seite.",
    UNEVEN_LIGHTING: "Die Beleuchtung ist sehr ungleichmäßig; vermeide Schatten auf der Seite.",
    GLARE:
      "Eine Spiegelung überstrahlt einen Teil der Seite; Buchstaben dort sind vielleicht blass oder fehlen. Fotografiere die Seite noch einmal ohne Blitz, mit Licht von der Seite.",
    PAGE_EMPTY:
      "Auf dieser Seite wurden keine Buchstaben gefunden. Ist sie ausgefüllt und mit einem dunkel genug schreibenden Stift beschrieben?",
    ERASED_LETTER:
      "In diesem Kästchen ist nur die blasse Spur eines ausradierten Buchstabens, daher blieb es leer. Gehört hier ein Buchstabe hin, schreib ihn kräftiger.",
  },
  es: {
    STROKE_TRIMMED: "Se quitó un trazo que entraba desde una casilla vecina.",
    TOUCHES_BORDER: "La letra se sale demasiado de su casilla, o de la página, y puede quedar cortada.",
    CROSSED_BOX: "La letra se sale del borde de su casilla; se conservó la parte de fuera.",
    SPECKS_REMOVED: "Se quitaron pequeñas manchas de suciedad.",
    FAINT_INK: "La tinta es muy tenue; la letra puede estar incompleta. Prueba con un bolígrafo más oscuro.",
    LOW_RESOLUTION:
      "La página se captó con poca resolución; las letras pueden verse ásperas. Escanea a 300 ppp o acércate más.",
    STRONG_PERSPECTIVE: "La página se fotografió muy inclinada; sujeta la cámara justo encima de la página.",
    UNEVEN_LIGHTING: "La iluminación es muy desigual; evita sombras sobre la página.",
    GLARE:
      "Un reflejo aclara parte de la página; las letras de esa zona pueden salir tenues o faltar. Vuelve a fotografiar la página sin flash, con la luz de lado.",
    PAGE_EMPTY:
      "No se encontró ninguna letra en esta página. ¿Está rellenada y escrita con un bolígrafo lo bastante oscuro?",
    ERASED_LETTER:
      "En esta casilla solo hay el rastro tenue de una letra borrada, así que se dejó vacía. Si aquí va una letra, escríbela con más fuerza.",
  },
  fr: {
    STROKE_TRIMMED: "Un trait venant d’une case voisine a été retiré.",
    TOUCHES_BORDER: "La lettre déborde trop de sa case, ou de la page, et risque d’être coupée.",
    CROSSED_BOX: "La lettre dépasse le bord de sa case ; la partie qui dépasse a été gardée.",
    SPECKS_REMOVED: "De petites taches ont été retirées.",
    FAINT_INK: "L’encre est très pâle ; la lettre est peut-être incomplète. Essayez un stylo plus foncé.",
    LOW_RESOLUTION:
      "La page a été capturée en basse résolution ; les lettres peuvent paraître grossières. Numérisez à 300 ppp ou rapprochez-vous.",
    STRONG_PERSPECTIVE: "La page a été photographiée très en biais ; tenez l’appareil bien au-dessus de la page.",
    UNEVEN_LIGHTING: "L’éclairage est très inégal ; évitez les ombres sur la page.",
    GLARE:
      "Un reflet éclaircit une partie de la page ; les lettres à cet endroit peuvent être pâles ou manquer. Reprenez la photo sans flash, avec la lumière venant de côté.",
    PAGE_EMPTY: "Aucune lettre n’a été trouvée sur cette page. Est-elle remplie, et écrite avec un stylo assez foncé ?",
    ERASED_LETTER:
      "Cette case ne contient que la trace pâle d’une lettre gommée ; elle a donc été laissée vide. Si une lettre doit y figurer, écrivez-la plus appuyé.",
  },
  it: {
    STROKE_TRIMMED: "È stato rimosso un tratto che entrava da una casella vicina.",
    TOUCHES_BORDER: "La lettera esce troppo dalla sua casella, o dalla pagina, e potrebbe essere tagliata.",
    CROSSED_BOX: "La lettera esce dal bordo della sua casella; la parte fuori è stata mantenuta.",
    SPECKS_REMOVED: "Sono state rimosse piccole macchie di sporco.",
    FAINT_INK: "L’inchiostro è molto chiaro; la lettera potrebbe essere incompleta. Prova una penna più scura.",
    LOW_RESOLUTION:
      "La pagina è stata acquisita a bassa risoluzione; le lettere potrebbero sembrare ruvide. Scansiona a 300 dpi o avvicinati.",
    STRONG_PERSPECTIVE: "La pagina è stata fotografata molto di sbieco; tieni la fotocamera dritta sopra la pagina.",
    UNEVEN_LIGHTING: "L’illuminazione è molto irregolare; evita ombre sulla pagina.",
    GLARE:
      "Un riflesso schiarisce parte della pagina; lì le lettere possono risultare sbiadite o mancare. Fotografa di nuovo la pagina senza flash, con la luce di lato.",
    PAGE_EMPTY:
      "Su questa pagina non è stata trovata nessuna lettera. È stata compilata, con una penna abbastanza scura?",
    ERASED_LETTER:
      "In questa casella c’è solo la traccia chiara di una lettera cancellata, quindi è stata lasciata vuota. Se qui va una lettera, scrivila calcando di più.",
  },
  uk: {
    STROKE_TRIMMED: "Вилучено штрих, що заходив із сусідньої клітинки.",
    TOUCHES_BORDER: "Літера заходить надто далеко за клітинку або за край сторінки й може бути обрізана.",
    CROSSED_BOX: "Літера виходить за край клітинки; частину зовні збережено.",
    SPECKS_REMOVED: "Вилучено дрібні цятки й порошинки.",
    FAINT_INK: "Чорнило дуже бліде, літера може бути неповною. Спробуйте темнішу ручку.",
    LOW_RESOLUTION:
      "Сторінку знято з низькою роздільністю, літери можуть виглядати грубо. Скануйте з 300 dpi або знімайте ближче.",
    STRONG_PERSPECTIVE: "Сторінку знято під великим кутом. Тримайте камеру рівно над аркушем.",
    UNEVEN_LIGHTING: "Освітлення дуже нерівномірне. Уникайте тіней на сторінці.",
    GLARE:
      "Відблиск засвічує частину сторінки: літери там можуть бути блідими або зникнути. Перезніміть сторінку без спалаху, щоб світло падало збоку.",
    PAGE_EMPTY: "На цій сторінці не знайдено жодної літери. Чи її заповнено? Чи досить темна ручка?",
    ERASED_LETTER:
      "У цій клітинці лише блідий слід стертої літери, тому її залишено порожньою. Якщо тут потрібна літера, напишіть її з натиском.",
  },
};
