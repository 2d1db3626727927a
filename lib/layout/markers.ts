/**
 * List markers drawn as symbols: the bullets of text fonts, arrows and diamonds used as bullets, and the private-use
 * code points symbol fonts (Wingdings, Symbol) give theirs. As the body of a regular-expression character class;
 * dashes and asterisks, which are markers only in some places, are added where they are.
 */
export const BULLET_CHARS = '•◦▪▫■□●○‣⁃∙·◆◇►▸▹▻➔➜➝➞➢➣➤❖\\uf000-\\uf0ff';
