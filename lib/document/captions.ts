/**
 * The words a caption opens with, before its number, in languages other than English ("Figura 3", "Tabela 2.1",
 * "Abb. 4", "Рис. 2", "表 1", "図2", "표 1:", "الشكل 3"). English's own ("Figure", "Table", …) are listed where each
 * stage matches, with the forms that stage accepts.
 */
/** Of them, a table's ("Tabela 2.1", "Cuadro 3", "表 1", "الجدول 2"). */
export const TABLE_WORDS = 'tabla|tabela|tabella|tabelle|tabel|tableau|cuadro|quadro|таблица|(?:ال)?جدول|表|표';
export const CAPTION_WORDS = `figura|figuur|abbildung|abb|gr[aá]fico|рис(?:унок)?|(?:ال)?شكل|图|圖|図|그림|${TABLE_WORDS}`;

/** The words a line crediting its source opens with, before a colon ("Source:", "Quelle:", "Fuente:", "Fonte:", "Bron:"). */
export const SOURCE_WORDS = 'sources?|quelle|fuentes?|fonte|bron';
