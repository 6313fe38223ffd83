import * as z from 'zod';

// Shared shapes of the Connector API document. Objects are loose: the upstream may return
// fields the document does not list, and a closed schema would turn each into a failed call.

const str = z.string();
const num = z.number();
const nstr = z.string().nullable();
const nnum = z.number().nullable();

export const UserRef = z.looseObject({ id: str, name: str, email: str, avatarUrl: nstr });
/** In assignments/get and assignments/for-user the name may be null. */
export const UserRefNullableName = z.looseObject({ id: str, name: nstr, email: str, avatarUrl: nstr });

export const SystemKey = z.enum(['ADMIN', 'INSTRUCTOR', 'MEMBER', 'EXTERNAL']);

export const RoleRef = z.looseObject({
  id: str,
  name: str,
  systemKey: SystemKey.nullable(),
  color: nstr,
  scopeGroupId: nstr,
  scopeGroupName: str.optional(),
});

export const MembershipStatus = z.enum(['ACTIVE', 'INACTIVE']);

export const Membership = z.looseObject({
  user: UserRef,
  primaryRole: RoleRef.nullable(),
  extraRoles: z.array(RoleRef),
  status: MembershipStatus,
  joinedAt: nstr,
  enrolledAt: str,
});

export const Group = z.looseObject({
  id: str,
  name: str,
  description: nstr,
  parentId: nstr,
  depth: num,
  memberCount: num,
  childCount: num,
  tags: z.array(str),
  leadInstructor: z.looseObject({ id: str, name: str }).nullable(),
  isArchived: z.boolean(),
});

export const Tag = z.looseObject({ id: str, name: str, color: str });

export const AssignmentType = z.enum(['WORKSPACE', 'GROUP', 'CUSTOM']);

export const Assignment = z.looseObject({
  id: str,
  type: AssignmentType,
  name: nstr,
  courseId: str,
  courseTitle: str,
  courseDescription: nstr,
  groupId: nstr,
  groupName: nstr,
  assignedById: str,
  assignedByName: str,
  assignedAt: str,
  dueDate: nstr,
  totalAssignees: num,
  completedCount: num,
  completionPercent: num,
  completionCriteria: z
    .looseObject({
      activitiesPerTopic: z.union([num, z.literal('ALL')]),
      testRequired: z.boolean(),
      testMinScore: nnum,
      projectsRequired: z.boolean(),
      quizMinScore: nnum,
      refreshersRequired: z.boolean().optional(),
    })
    .nullable(),
  rules: z.array(
    z.looseObject({
      kind: z.enum(['INCLUDE', 'EXCLUDE']),
      targetType: z.enum(['GROUP', 'USER', 'INVITE']),
      groupId: nstr,
      userId: nstr,
    }),
  ),
  assignedUsers: z.array(
    z.looseObject({
      userId: str,
      name: nstr,
      email: str,
      avatarUrl: nstr,
      complete: z.boolean(),
      progressPercent: num,
      completedAt: nstr,
    }),
  ),
});

export const AssignmentSummary = z.looseObject({
  assignmentId: str,
  name: nstr,
  courseId: str,
  courseTitle: str,
  type: AssignmentType,
  scopeLabel: str,
  groupName: nstr,
  dueDate: nstr,
  complete: z.boolean(),
  progressPercent: num,
  completedAt: nstr,
  overdue: z.boolean(),
});

export const AlertStatusFilter = z.enum(['new', 'dismissed', 'actioned', 'partially_actioned', 'all']);

export const Alert = z.looseObject({
  id: str,
  monitorId: str,
  monitorName: str,
  monitorTags: z.array(str),
  monitorAttachedCourseIds: z.array(str),
  tailoredTitle: str,
  tailoredSummary: str,
  recommendations: z.unknown(),
  status: str,
  detectedAt: str,
  actionedActions: z.array(
    z.looseObject({
      id: str,
      mode: z.enum(['create', 'append']),
      courseId: nstr,
      courseTitle: nstr,
      status: str,
    }),
  ),
});

export const ProgressStatus = z.enum(['complete', 'active', 'not-started']);

export const StudentRow = z.looseObject({
  user: UserRef,
  joinedAt: str,
  coursesAssigned: num,
  coursesCompleted: num,
  groups: z.array(str),
});
