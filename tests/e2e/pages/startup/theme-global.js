// A theme script that already uses the name the loader would define.
window.Storefront = { owner: 'theme' };
