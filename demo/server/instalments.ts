/**
 * The static instalment modal pages of spec 000 §7, one per provider locale, and the same texts in
 * every catalogue language for the provider's countries (docs/languages.md): a German page whose
 * provider locale is en-US reads `/instalments/de-US.json`. The brand follows the country (US, CA,
 * AU, NZ: the first brand; GB: the second). Each page exists as HTML (for a frame) and as JSON
 * (plain texts, for a widget that renders them itself without any HTML).
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml, notFoundPage } from './pages';

const BRANDS = { first: 'Afterpay', second: 'Clearpay' } as const;

/** The provider's countries and their brand (spec 000 §7). */
const BRAND_BY_COUNTRY: Readonly<Record<string, string>> = {
  US: BRANDS.first,
  CA: BRANDS.first,
  AU: BRANDS.first,
  NZ: BRANDS.first,
  GB: BRANDS.second,
};

interface ModalText {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

/** The texts by language subtag (pt: Brazilian Portuguese, as the pt-BR catalogue). */
const TEXTS: Readonly<Record<string, (brand: string) => ModalText>> = {
  en: (brand) => ({
    title: 'Pay in 4 interest-free instalments',
    paragraphs: [
      `Add your items to the cart and choose ${brand} at checkout.`,
      'Sign in or create an account, with no long forms.',
      'Your purchase is split into 4 payments, taken every 2 weeks.',
      `Late fees may apply. See the ${brand} terms for details.`,
    ],
  }),
  fr: (brand) => ({
    title: 'Payez en 4 versements sans intérêts',
    paragraphs: [
      `Ajoutez vos articles au panier et choisissez ${brand} au moment de payer.`,
      'Connectez-vous ou créez un compte, sans longs formulaires.',
      'Votre achat est divisé en 4 paiements, prélevés toutes les 2 semaines.',
      `Des frais de retard peuvent s’appliquer. Consultez les conditions de ${brand}.`,
    ],
  }),
  de: (brand) => ({
    title: 'In 4 zinsfreien Raten bezahlen',
    paragraphs: [
      `Legen Sie Ihre Artikel in den Warenkorb und wählen Sie an der Kasse ${brand}.`,
      'Melden Sie sich an oder erstellen Sie ein Konto, ganz ohne lange Formulare.',
      'Ihr Einkauf wird in 4 Zahlungen aufgeteilt, die alle 2 Wochen abgebucht werden.',
      `Bei verspäteter Zahlung können Gebühren anfallen. Einzelheiten finden Sie in den Bedingungen von ${brand}.`,
    ],
  }),
  es: (brand) => ({
    title: 'Paga en 4 plazos sin intereses',
    paragraphs: [
      `Añade tus artículos al carrito y elige ${brand} al finalizar la compra.`,
      'Inicia sesión o crea una cuenta, sin formularios largos.',
      'Tu compra se divide en 4 pagos, que se cobran cada 2 semanas.',
      `Pueden aplicarse cargos por retraso. Consulta las condiciones de ${brand}.`,
    ],
  }),
  it: (brand) => ({
    title: 'Paga in 4 rate senza interessi',
    paragraphs: [
      `Aggiungi gli articoli al carrello e scegli ${brand} al momento del pagamento.`,
      'Accedi o crea un account, senza lunghi moduli.',
      'L’acquisto viene diviso in 4 pagamenti, addebitati ogni 2 settimane.',
      `Possono essere applicate penali per i ritardi. Consulta le condizioni di ${brand}.`,
    ],
  }),
  nl: (brand) => ({
    title: 'Betaal in 4 renteloze termijnen',
    paragraphs: [
      `Leg je artikelen in de winkelwagen en kies ${brand} bij het afrekenen.`,
      'Log in of maak een account aan, zonder lange formulieren.',
      'Je aankoop wordt verdeeld over 4 betalingen, elke 2 weken afgeschreven.',
      `Bij te late betaling kunnen kosten in rekening worden gebracht. Zie de voorwaarden van ${brand}.`,
    ],
  }),
  pt: (brand) => ({
    title: 'Pague em 4 parcelas sem juros',
    paragraphs: [
      `Adicione seus itens ao carrinho e escolha ${brand} ao finalizar a compra.`,
      'Entre ou crie uma conta, sem formulários longos.',
      'Sua compra é dividida em 4 pagamentos, cobrados a cada 2 semanas.',
      `Podem ser cobradas multas por atraso. Consulte os termos de ${brand}.`,
    ],
  }),
  ja: (brand) => ({
    title: '4回の無利息分割払い',
    paragraphs: [
      `商品をカートに追加し、ご購入手続きで${brand}を選択してください。`,
      'ログインまたはアカウントを作成するだけで、長いフォームへの入力は不要です。',
      'お支払いは4回に分割され、2週間ごとに引き落とされます。',
      `お支払いが遅れた場合は手数料がかかることがあります。詳しくは${brand}の利用規約をご覧ください。`,
    ],
  }),
};

const own = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/**
 * The brand and texts of `<language>-<COUNTRY>`, or null for a country the provider does not
 * serve or a language without texts: the spec's provider locales (en-US, fr-CA, en-GB, …) and
 * every catalogue language in those countries.
 */
export function instalmentPage(locale: string): { brand: string; text: ModalText } | null {
  const match = /^([a-z]{2})-([A-Z]{2})$/.exec(locale);
  const language = match?.[1] ?? '';
  const country = match?.[2] ?? '';
  if (!own(TEXTS, language) || !own(BRAND_BY_COUNTRY, country)) return null;
  const brand = BRAND_BY_COUNTRY[country] as string;
  return { brand, text: (TEXTS[language] as (brand: string) => ModalText)(brand) };
}

export function registerInstalmentPages(app: FastifyInstance): void {
  app.get('/instalments/:file', { config: { file: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = /^([a-z]{2}-[A-Z]{2})\.(html|json)$/.exec(file);
    const entry = match ? instalmentPage(match[1] ?? '') : null;
    if (!match || !entry) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
    const locale = match[1] ?? '';
    if (match[2] === 'json') return { locale, brand: entry.brand, ...entry.text };
    const lang = locale.slice(0, 2);
    const paragraphs = entry.text.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html>\n<html lang="${lang}">\n<head><meta charset="utf-8"><title>${escapeHtml(entry.brand)}</title></head>\n<body>\n<h1>${escapeHtml(entry.text.title)}</h1>\n${paragraphs}\n</body>\n</html>\n`,
      );
  });
}
