/** The analytics id the e2e server is started with, so tests can see whether the tag is requested. */
export const E2E_ANALYTICS_ID = "G-E2ETEST01";
/** Hosts of the Google tag; tests answer them locally so nothing leaves the machine. */
export const ANALYTICS_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager|google-analytics|analytics\.google)\.com\//;
/** The client the e2e server is registered as at the local OpenID provider that stands in for Google. */
export const E2E_OIDC_CLIENT = { id: "handfont-e2e", secret: "handfont-e2e-secret-0123456789" };
/** Keys the e2e server and the fake Stripe API share (test values; the fake is the only Stripe here). */
export const E2E_STRIPE = { secretKey: "sk_test_handfont_e2e", webhookSecret: "whsec_handfont_e2e_0123456789" };
/** The address that becomes an admin when confirmed (ADMIN_EMAILS of the e2e server). */
export const E2E_ADMIN_EMAIL = "admin-e2e@example.com";
