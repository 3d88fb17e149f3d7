// The `<altcha-widget>` element in JSX, typed by the widget package.
/// <reference types="altcha/types/react" />

// The widget ships these two language files without declarations; they only register texts with the widget.
declare module "altcha/i18n/es-es";
declare module "altcha/i18n/fr-fr";
