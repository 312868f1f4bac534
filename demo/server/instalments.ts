/**
 * The static instalment modal pages of spec 000 §7, one per provider locale. The brand follows the
 * locale (US, CA, AU, NZ: the first brand; GB: the second). Each page exists as HTML (for a frame)
 * and as JSON (plain texts, for a widget that renders them itself without any HTML).
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml, notFoundPage } from './pages';

const BRANDS = { first: 'Afterpay', second: 'Clearpay' } as const;

interface ModalText {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

const EN = (brand: string): ModalText => ({
  title: 'Pay in 4 interest-free instalments',
  paragraphs: [
    `Add your items to the cart and choose ${brand} at checkout.`,
    'Sign in or create an account, with no long forms.',
    'Your purchase is split into 4 payments, taken every 2 weeks.',
    `Late fees may apply. See the ${brand} terms for details.`,
  ],
});

const FR = (brand: string): ModalText => ({
  title: 'Payez en 4 versements sans intérêts',
  paragraphs: [
    `Ajoutez vos articles au panier et choisissez ${brand} au moment de payer.`,
    'Connectez-vous ou créez un compte, sans longs formulaires.',
    'Votre achat est divisé en 4 paiements, prélevés toutes les 2 semaines.',
    `Des frais de retard peuvent s’appliquer. Consultez les conditions de ${brand}.`,
  ],
});

/** Provider locale to brand and texts (spec 000 §7: US en; CA en, fr; AU en; NZ en; GB en). */
export const INSTALMENT_LOCALES: Readonly<Record<string, { brand: string; text: ModalText }>> = {
  'en-US': { brand: BRANDS.first, text: EN(BRANDS.first) },
  'en-CA': { brand: BRANDS.first, text: EN(BRANDS.first) },
  'fr-CA': { brand: BRANDS.first, text: FR(BRANDS.first) },
  'en-AU': { brand: BRANDS.first, text: EN(BRANDS.first) },
  'en-NZ': { brand: BRANDS.first, text: EN(BRANDS.first) },
  'en-GB': { brand: BRANDS.second, text: EN(BRANDS.second) },
};

export function registerInstalmentPages(app: FastifyInstance): void {
  app.get('/instalments/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = /^([a-z]{2}-[A-Z]{2})\.(html|json)$/.exec(file);
    const entry = match ? INSTALMENT_LOCALES[match[1] ?? ''] : undefined;
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
