export const roles = ['admin', 'counsellor', 'teacher'] as const;
export type Role = (typeof roles)[number];

/** Roles an admin may create from the User Management screen (SPEC §9). */
export const creatableRoles = ['counsellor', 'teacher'] as const satisfies readonly Role[];
export type CreatableRole = (typeof creatableRoles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  counsellor: 'Counsellor',
  teacher: 'Teacher',
};
