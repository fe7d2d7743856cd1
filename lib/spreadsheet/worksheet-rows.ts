const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const ROW = /<(?:[\w-]+:)?row[\s/>]/g;

export const isWorksheet = (name: string) => WORKSHEET.test(name);

/**
 * The row elements a worksheet's XML declares, empty or not, counted no further than `upTo` + 1: a file of 400,000
 * empty rows is refused after the rows a shop can hold, without reading the rest.
 */
export function declaredRows(xml: Uint8Array, upTo: number): number {
  const text = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString("latin1");
  let rows = 0;
  ROW.lastIndex = 0;
  while (rows <= upTo && ROW.exec(text)) rows++;
  return rows;
}
