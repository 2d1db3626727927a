/**
 * List markers drawn as symbols: the bullets of text fonts, arrows and diamonds used as bullets, and the private-use
 * code points symbol fonts (Wingdings, Symbol) give theirs, or the C1 control codes some give instead (Wingdings'
 * bullet left unmapped as U+009F: no text holds a control character). As the body of a regular-expression character class;
 * dashes and asterisks, which are markers only in some places, are added where they are.
 */
export const BULLET_CHARS = '•◦▪▫■□●○‣⁃∙·◆◇►▸▹▻➔➜➝➞➢➣➤❖\\u0080-\\u009f\\uf000-\\uf0ff';
