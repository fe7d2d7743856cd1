import "server-only";
import { env } from "../env";
import { marketplaceToday } from "../marketplace/marketplace-date";
import { MARKETPLACE_CALENDAR } from "../personalization/dated-rules";
import type { Calendar } from "./health-check";

/** The marketplace's day by its last answer, and the calendar's dated rules with those the operator added. */
export const healthCalendar = (): Calendar => ({
  today: marketplaceToday(),
  rules: [...MARKETPLACE_CALENDAR, ...env().MARKETPLACE_DATED_RULES],
});
