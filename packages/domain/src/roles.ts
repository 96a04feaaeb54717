export const roles = ['admin', 'counsellor', 'teacher'] as const;
export type Role = (typeof roles)[number];

/**
 * Who may be let into a route: the staff roles, and students with their own session (issue 28; decision 002).
 * A student is not a user: no users row, no staff route ever lets one in.
 */
export const principals = [...roles, 'student'] as const;
export type Principal = (typeof principals)[number];

/** Roles an admin may create from the User Management screen (SPEC §9). */
export const creatableRoles = ['counsellor', 'teacher'] as const satisfies readonly Role[];
export type CreatableRole = (typeof creatableRoles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  counsellor: 'Counsellor',
  teacher: 'Teacher',
};
