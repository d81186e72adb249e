// The 404 page's texts of docs/product.md §2, word for word. Kept apart from messages.ts (which
// re-exports them) because the 404 page ships in the first download, like plan-texts.ts.

export const NOT_FOUND_TITLE = 'Oops! Page not found';
export const NOT_FOUND_LINK = 'Return to Home';
