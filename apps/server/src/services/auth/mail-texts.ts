import type { Language } from "@handfont/contract";

export type MailKind = "confirmEmail" | "resetPassword" | "confirmNewEmail" | "emailChangedNotice" | "passwordChanged";

/** One mail in one language. `{username}` and `{email}` are filled in (and HTML-escaped) by mail-templates.ts. */
export interface MailText {
  subject: string;
  body: string;
  /** The label of the link button; mails without a link have none. */
  action?: string;
  note: string;
}

export interface MailCatalogue {
  greeting: string;
  kinds: Record<MailKind, MailText>;
}

export const MAIL_TEXTS: Record<Language, MailCatalogue> = {
  en: {
    greeting: "Hello, {username}!",
    kinds: {
      confirmEmail: {
        subject: "Confirm your email for Handfont",
        body: "Thank you for signing up. Follow this link to confirm your email address and sign in:",
        action: "Confirm email",
        note: "The link works once and expires in 24 hours. If you did not sign up, ignore this mail.",
      },
      resetPassword: {
        subject: "Reset your Handfont password",
        body: "Someone, hopefully you, asked to reset the password of your account. Follow this link to choose a new one:",
        action: "Choose a new password",
        note: "The link works once and expires in one hour. If you did not ask for it, ignore this mail: your password stays as it is.",
      },
      confirmNewEmail: {
        subject: "Confirm your new email for Handfont",
        body: "You asked to change the email address of your account to {email}. Follow this link to confirm it:",
        action: "Confirm new email",
        note: "The link works once and expires in 24 hours. If you did not ask for it, ignore this mail.",
      },
      emailChangedNotice: {
        subject: "Your Handfont email address is being changed",
        body: "Someone asked to change the email address of your account to {email}. The change takes effect once the new address is confirmed.",
        note: "If this was not you, change your password now.",
      },
      passwordChanged: {
        subject: "Your Handfont password was changed",
        body: "The password of your account was changed, and every device was signed out.",
        note: "If this was not you, reset your password at once with “Forgot password”.",
      },
    },
  },
  ru: {
    greeting: "Здравствуйте, {username}!",
    kinds: {
      confirmEmail: {
        subject: "Подтвердите email для Handfont",
        body: "Спасибо за регистрацию. Перейдите по ссылке, чтобы подтвердить адрес и войти:",
        action: "Подтвердить email",
        note: "Ссылка действует один раз и в течение 24 часов. Если вы не регистрировались, просто проигнорируйте это письмо.",
      },
      resetPassword: {
        subject: "Восстановление пароля Handfont",
        body: "Кто-то (надеемся, вы) запросил сброс пароля вашего аккаунта. Перейдите по ссылке, чтобы задать новый:",
        action: "Задать новый пароль",
        note: "Ссылка действует один раз и в течение часа. Если вы не запрашивали сброс, проигнорируйте письмо: пароль останется прежним.",
      },
      confirmNewEmail: {
        subject: "Подтвердите новый email для Handfont",
        body: "Вы попросили сменить email вашего аккаунта на {email}. Перейдите по ссылке, чтобы подтвердить его:",
        action: "Подтвердить новый email",
        note: "Ссылка действует один раз и в течение 24 часов. Если вы этого не делали, проигнорируйте письмо.",
      },
      emailChangedNotice: {
        subject: "Email вашего аккаунта Handfont меняется",
        body: "Поступил запрос сменить email вашего аккаунта на {email}. Изменение вступит в силу после подтверждения нового адреса.",
        note: "Если это были не вы, смените пароль прямо сейчас.",
      },
      passwordChanged: {
        subject: "Пароль Handfont изменён",
        body: "Пароль вашего аккаунта изменён, и все устройства вышли из аккаунта.",
        note: "Если это были не вы, немедленно восстановите пароль через «Забыли пароль».",
      },
    },
  },
  de: {
    greeting: "Hallo {username}!",
    kinds: {
      confirmEmail: {
        subject: "Bestätige deine E-Mail-Adresse für Handfont",
        body: "Danke für deine Registrierung. Folge diesem Link, um deine E-Mail-Adresse zu bestätigen und dich anzumelden:",
        action: "E-Mail-Adresse bestätigen",
        note: "Der Link funktioniert einmal und läuft nach 24 Stunden ab. Wenn du dich nicht registriert hast, ignoriere diese E-Mail.",
      },
      resetPassword: {
        subject: "Setze dein Handfont-Passwort zurück",
        body: "Jemand – hoffentlich du – hat angefordert, das Passwort deines Kontos zurückzusetzen. Folge diesem Link, um ein neues zu wählen:",
        action: "Neues Passwort wählen",
        note: "Der Link funktioniert einmal und läuft nach einer Stunde ab. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.",
      },
      confirmNewEmail: {
        subject: "Bestätige deine neue E-Mail-Adresse für Handfont",
        body: "Du möchtest die E-Mail-Adresse deines Kontos in {email} ändern. Folge diesem Link, um sie zu bestätigen:",
        action: "Neue E-Mail-Adresse bestätigen",
        note: "Der Link funktioniert einmal und läuft nach 24 Stunden ab. Wenn du das nicht angefordert hast, ignoriere diese E-Mail.",
      },
      emailChangedNotice: {
        subject: "Die E-Mail-Adresse deines Handfont-Kontos wird geändert",
        body: "Jemand hat angefordert, die E-Mail-Adresse deines Kontos in {email} zu ändern. Die Änderung gilt, sobald die neue Adresse bestätigt ist.",
        note: "Wenn du das nicht warst, ändere jetzt dein Passwort.",
      },
      passwordChanged: {
        subject: "Dein Handfont-Passwort wurde geändert",
        body: "Das Passwort deines Kontos wurde geändert, und alle Geräte wurden abgemeldet.",
        note: "Wenn du das nicht warst, setze dein Passwort sofort über „Passwort vergessen“ zurück.",
      },
    },
  },
  es: {
    greeting: "¡Hola, {username}!",
    kinds: {
      confirmEmail: {
        subject: "Confirma tu correo electrónico para Handfont",
        body: "Gracias por registrarte. Sigue este enlace para confirmar tu correo electrónico e iniciar sesión:",
        action: "Confirmar correo",
        note: "El enlace funciona una vez y caduca en 24 horas. Si no te has registrado, ignora este mensaje.",
      },
      resetPassword: {
        subject: "Restablece tu contraseña de Handfont",
        body: "Alguien, esperamos que tú, ha pedido restablecer la contraseña de tu cuenta. Sigue este enlace para elegir una nueva:",
        action: "Elegir una contraseña nueva",
        note: "El enlace funciona una vez y caduca en una hora. Si no lo has pedido, ignora este mensaje: tu contraseña no cambia.",
      },
      confirmNewEmail: {
        subject: "Confirma tu nuevo correo electrónico para Handfont",
        body: "Has pedido cambiar el correo electrónico de tu cuenta a {email}. Sigue este enlace para confirmarlo:",
        action: "Confirmar el nuevo correo",
        note: "El enlace funciona una vez y caduca en 24 horas. Si no lo has pedido, ignora este mensaje.",
      },
      emailChangedNotice: {
        subject: "El correo electrónico de tu cuenta de Handfont va a cambiar",
        body: "Alguien ha pedido cambiar el correo electrónico de tu cuenta a {email}. El cambio se aplicará cuando se confirme la nueva dirección.",
        note: "Si no has sido tú, cambia tu contraseña ahora.",
      },
      passwordChanged: {
        subject: "Tu contraseña de Handfont ha cambiado",
        body: "La contraseña de tu cuenta ha cambiado y se ha cerrado la sesión en todos los dispositivos.",
        note: "Si no has sido tú, restablece tu contraseña enseguida con «¿Olvidaste tu contraseña?».",
      },
    },
  },
  fr: {
    greeting: "Bonjour {username} !",
    kinds: {
      confirmEmail: {
        subject: "Confirmez votre adresse e-mail pour Handfont",
        body: "Merci pour votre inscription. Suivez ce lien pour confirmer votre adresse e-mail et vous connecter :",
        action: "Confirmer l’adresse e-mail",
        note: "Le lien fonctionne une fois et expire dans 24 heures. Si vous ne vous êtes pas inscrit, ignorez ce message.",
      },
      resetPassword: {
        subject: "Réinitialisez votre mot de passe Handfont",
        body: "Quelqu’un, nous l’espérons vous, a demandé à réinitialiser le mot de passe de votre compte. Suivez ce lien pour en choisir un nouveau :",
        action: "Choisir un nouveau mot de passe",
        note: "Le lien fonctionne une fois et expire dans une heure. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
      },
      confirmNewEmail: {
        subject: "Confirmez votre nouvelle adresse e-mail pour Handfont",
        body: "Vous avez demandé à remplacer l’adresse e-mail de votre compte par {email}. Suivez ce lien pour la confirmer :",
        action: "Confirmer la nouvelle adresse",
        note: "Le lien fonctionne une fois et expire dans 24 heures. Si vous n’avez rien demandé, ignorez ce message.",
      },
      emailChangedNotice: {
        subject: "L’adresse e-mail de votre compte Handfont va changer",
        body: "Quelqu’un a demandé à remplacer l’adresse e-mail de votre compte par {email}. Le changement prendra effet une fois la nouvelle adresse confirmée.",
        note: "Si ce n’était pas vous, changez votre mot de passe dès maintenant.",
      },
      passwordChanged: {
        subject: "Votre mot de passe Handfont a été modifié",
        body: "Le mot de passe de votre compte a été modifié et tous les appareils ont été déconnectés.",
        note: "Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe avec « Mot de passe oublié ».",
      },
    },
  },
  it: {
    greeting: "Ciao {username}!",
    kinds: {
      confirmEmail: {
        subject: "Conferma la tua email per Handfont",
        body: "Grazie per esserti registrato. Segui questo link per confermare il tuo indirizzo email e accedere:",
        action: "Conferma email",
        note: "Il link funziona una sola volta e scade tra 24 ore. Se non ti sei registrato, ignora questo messaggio.",
      },
      resetPassword: {
        subject: "Reimposta la tua password di Handfont",
        body: "Qualcuno, speriamo tu, ha chiesto di reimpostare la password del tuo account. Segui questo link per sceglierne una nuova:",
        action: "Scegli una nuova password",
        note: "Il link funziona una sola volta e scade tra un’ora. Se non l’hai chiesto, ignora questo messaggio: la tua password resta invariata.",
      },
      confirmNewEmail: {
        subject: "Conferma la tua nuova email per Handfont",
        body: "Hai chiesto di cambiare l’indirizzo email del tuo account in {email}. Segui questo link per confermarlo:",
        action: "Conferma la nuova email",
        note: "Il link funziona una sola volta e scade tra 24 ore. Se non l’hai chiesto, ignora questo messaggio.",
      },
      emailChangedNotice: {
        subject: "L’email del tuo account Handfont sta per cambiare",
        body: "Qualcuno ha chiesto di cambiare l’indirizzo email del tuo account in {email}. La modifica avrà effetto quando il nuovo indirizzo sarà confermato.",
        note: "Se non sei stato tu, cambia subito la password.",
      },
      passwordChanged: {
        subject: "La tua password di Handfont è stata cambiata",
        body: "La password del tuo account è stata cambiata e tutti i dispositivi sono stati disconnessi.",
        note: "Se non sei stato tu, reimposta subito la password con «Password dimenticata».",
      },
    },
  },
  uk: {
    greeting: "Вітаємо, {username}!",
    kinds: {
      confirmEmail: {
        subject: "Підтвердьте email для Handfont",
        body: "Дякуємо за реєстрацію. Перейдіть за посиланням, щоб підтвердити адресу й увійти:",
        action: "Підтвердити email",
        note: "Посилання діє один раз і протягом 24 годин. Якщо ви не реєструвалися, просто проігноруйте цей лист.",
      },
      resetPassword: {
        subject: "Відновлення пароля Handfont",
        body: "Хтось (сподіваємося, ви) попросив скинути пароль вашого облікового запису. Перейдіть за посиланням, щоб задати новий:",
        action: "Задати новий пароль",
        note: "Посилання діє один раз і протягом години. Якщо ви цього не просили, проігноруйте лист: пароль залишиться тим самим.",
      },
      confirmNewEmail: {
        subject: "Підтвердьте новий email для Handfont",
        body: "Ви попросили змінити email вашого облікового запису на {email}. Перейдіть за посиланням, щоб підтвердити його:",
        action: "Підтвердити новий email",
        note: "Посилання діє один раз і протягом 24 годин. Якщо ви цього не робили, проігноруйте лист.",
      },
      emailChangedNotice: {
        subject: "Email вашого облікового запису Handfont змінюється",
        body: "Надійшов запит змінити email вашого облікового запису на {email}. Зміна набуде чинності після підтвердження нової адреси.",
        note: "Якщо це були не ви, змініть пароль просто зараз.",
      },
      passwordChanged: {
        subject: "Пароль Handfont змінено",
        body: "Пароль вашого облікового запису змінено, і всі пристрої вийшли з нього.",
        note: "Якщо це були не ви, негайно відновіть пароль через «Забули пароль».",
      },
    },
  },
};
