import * as z from 'zod';

// Shared shapes of the Connector API document. Objects are loose: the upstream may return
// fields the document does not list, and a closed schema would turn each into a failed call.

const string = z.string();
const number = z.number();
const stringOrNull = z.string().nullable();
const numberOrNull = z.number().nullable();

const UserRef = z.looseObject({ id: string, name: string, email: string, avatarUrl: stringOrNull });
/** In assignments/get and assignments/for-user the name may be null. */
export const UserRefNullableName = z.looseObject({ id: string, name: stringOrNull, email: string, avatarUrl: stringOrNull });

export const SystemKey = z.enum(['ADMIN', 'INSTRUCTOR', 'MEMBER', 'EXTERNAL']);

const RoleRef = z.looseObject({
  id: string,
  name: string,
  systemKey: SystemKey.nullable(),
  color: stringOrNull,
  scopeGroupId: stringOrNull,
  scopeGroupName: string.optional(),
});

export const MembershipStatus = z.enum(['ACTIVE', 'INACTIVE']);

export const Membership = z.looseObject({
  user: UserRef,
  primaryRole: RoleRef.nullable(),
  extraRoles: z.array(RoleRef),
  status: MembershipStatus,
  joinedAt: stringOrNull,
  enrolledAt: string,
});

export const Group = z.looseObject({
  id: string,
  name: string,
  description: stringOrNull,
  parentId: stringOrNull,
  depth: number,
  memberCount: number,
  childCount: number,
  tags: z.array(string),
  leadInstructor: z.looseObject({ id: string, name: string }).nullable(),
  isArchived: z.boolean(),
});

export const Tag = z.looseObject({ id: string, name: string, color: string });

const AssignmentType = z.enum(['WORKSPACE', 'GROUP', 'CUSTOM']);

export const Assignment = z.looseObject({
  id: string,
  type: AssignmentType,
  name: stringOrNull,
  courseId: string,
  courseTitle: string,
  courseDescription: stringOrNull,
  groupId: stringOrNull,
  groupName: stringOrNull,
  assignedById: string,
  assignedByName: string,
  assignedAt: string,
  dueDate: stringOrNull,
  totalAssignees: number,
  completedCount: number,
  completionPercent: number,
  completionCriteria: z
    .looseObject({
      activitiesPerTopic: z.union([number, z.literal('ALL')]),
      testRequired: z.boolean(),
      testMinScore: numberOrNull,
      projectsRequired: z.boolean(),
      quizMinScore: numberOrNull,
      refreshersRequired: z.boolean().optional(),
    })
    .nullable(),
  rules: z.array(
    z.looseObject({
      kind: z.enum(['INCLUDE', 'EXCLUDE']),
      targetType: z.enum(['GROUP', 'USER', 'INVITE']),
      groupId: stringOrNull,
      userId: stringOrNull,
    }),
  ),
  assignedUsers: z.array(
    z.looseObject({
      userId: string,
      name: stringOrNull,
      email: string,
      avatarUrl: stringOrNull,
      complete: z.boolean(),
      progressPercent: number,
      completedAt: stringOrNull,
    }),
  ),
});

export const AssignmentSummary = z.looseObject({
  assignmentId: string,
  name: stringOrNull,
  courseId: string,
  courseTitle: string,
  type: AssignmentType,
  scopeLabel: string,
  groupName: stringOrNull,
  dueDate: stringOrNull,
  complete: z.boolean(),
  progressPercent: number,
  completedAt: stringOrNull,
  overdue: z.boolean(),
});

export const AlertStatusFilter = z.enum(['new', 'dismissed', 'actioned', 'partially_actioned', 'all']);

export const Alert = z.looseObject({
  id: string,
  monitorId: string,
  monitorName: string,
  monitorTags: z.array(string),
  monitorAttachedCourseIds: z.array(string),
  tailoredTitle: string,
  tailoredSummary: string,
  recommendations: z.unknown(),
  status: string,
  detectedAt: string,
  actionedActions: z.array(
    z.looseObject({
      id: string,
      mode: z.enum(['create', 'append']),
      courseId: stringOrNull,
      courseTitle: stringOrNull,
      status: string,
    }),
  ),
});

export const ProgressStatus = z.enum(['complete', 'active', 'not-started']);

export const StudentRow = z.looseObject({
  user: UserRef,
  joinedAt: string,
  coursesAssigned: number,
  coursesCompleted: number,
  groups: z.array(string),
});
