import { z } from 'zod';
import { requiredText } from './common.schemas';
import { messages } from './messages';

/** SPEC §3 Setting flag: HALLTICKET and RESULT, values the text 'true' or 'false'. */
export const flagNames = ['HALLTICKET', 'RESULT'] as const;
export type FlagName = (typeof flagNames)[number];

export const flagLabels: Record<FlagName, string> = {
  HALLTICKET: 'Hall Ticket',
  RESULT: 'Result Declared',
};

export const settingFlag = z.object({ flagName: z.string(), flagValue: z.enum(['true', 'false']) });
export type SettingFlag = z.infer<typeof settingFlag>;

export const updateFlagRequest = z.object({
  flagValue: z.enum(['true', 'false'], { error: messages.flagValueInvalid }),
});

export const flagNameParams = z.object({ flagName: requiredText(50, messages.flagNotFound) });

/** A flag is on only when its value is exactly the text 'true' (SPEC §2). */
export function isFlagOn(flags: readonly SettingFlag[] | undefined, name: FlagName): boolean {
  return flags?.some((flag) => flag.flagName === name && flag.flagValue === 'true') ?? false;
}
