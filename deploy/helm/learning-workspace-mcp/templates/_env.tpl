{{/* A probe's httpGet: the path, the port, and a Host the server accepts whatever allowedHosts says. */}}
{{- define "lwmcp.probe" -}}
path: {{ index . 0 }}
port: http
httpHeaders:
  - name: Host
    value: "127.0.0.1:{{ index . 1 }}"
{{- end }}

{{/* One variable, only when its value is set. */}}
{{- define "lwmcp.var" -}}
{{- $value := index . 1 }}
{{- if or (kindIs "bool" $value) (kindIs "float64" $value) (kindIs "int" $value) (kindIs "int64" $value) (ne (toString $value) "") }}
- name: {{ index . 0 }}
  value: {{ toString $value | quote }}
{{- end }}
{{- end }}

{{/* The server's settings that are not secret, as its WORKSPACE_* variables. */}}
{{- define "lwmcp.env" -}}
{{- $s := .Values.server }}
- name: WORKSPACE_MCP_HTTP
  value: "1"
- name: WORKSPACE_MCP_HOST
  value: "0.0.0.0"
- name: WORKSPACE_MCP_PORT
  value: {{ $s.port | quote }}
- name: WORKSPACE_MCP_DRAIN_MS
  value: {{ int $s.drainMs | quote }}
{{- if $s.sandbox }}
- name: WORKSPACE_SANDBOX
  value: "1"
{{- end }}
{{- if $s.stateless }}
- name: WORKSPACE_MCP_STATELESS
  value: "1"
{{- end }}
{{- if $s.readOnly }}
- name: WORKSPACE_READ_ONLY
  value: "1"
{{- end }}
{{- if $s.lockdown }}
- name: WORKSPACE_LOCKDOWN
  value: "1"
{{- end }}
{{- if .Values.metrics.enabled }}
- name: WORKSPACE_MCP_METRICS
  value: "1"
{{- end }}
{{- if $s.auditLog.enabled }}
- name: WORKSPACE_AUDIT_LOG
  value: /var/log/learning-workspace-mcp/audit.jsonl
{{- end }}
{{- include "lwmcp.var" (list "WORKSPACE_BASE_URL" $s.baseUrl) }}
{{- include "lwmcp.var" (list "WORKSPACE_USER_ID" $s.userId) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_CREDENTIALS" $s.credentials) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_AUTH" $s.auth) }}
{{- if include "lwmcp.allowedHosts" . }}
# The pod's address, for the allowed Host headers below.
- name: POD_IP
  valueFrom:
    fieldRef:
      fieldPath: status.podIP
{{- end }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_ALLOWED_HOSTS" (include "lwmcp.allowedHosts" .)) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_ALLOWED_ORIGINS" (join "," $s.allowedOrigins)) }}
{{- include "lwmcp.var" (list "WORKSPACE_TOOLSETS" $s.toolsets) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_RATE_LIMIT" $s.rateLimit) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_RATE_LIMIT_STORE_FAILURE" $s.rateLimitStoreFailure) }}
{{- include "lwmcp.var" (list "WORKSPACE_LOG_LEVEL" $s.logLevel) }}
{{- if eq $s.auth "oauth" }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_OAUTH_ISSUER" .Values.oauth.issuer) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_PUBLIC_URL" .Values.oauth.publicUrl) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_OAUTH_AUDIENCE" .Values.oauth.audience) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_OAUTH_SCOPES" .Values.oauth.scopes) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_OAUTH_USER_CLAIM" .Values.oauth.userClaim) }}
{{- include "lwmcp.var" (list "WORKSPACE_MCP_OAUTH_CLIENT_ID" .Values.oauth.clientId) }}
{{- end }}
{{- if .Values.redis.existingSecret }}
- name: WORKSPACE_REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ .Values.redis.existingSecret }}
      key: {{ .Values.redis.existingSecretKey }}
{{- end }}
{{- range $name, $value := $s.extraEnv }}
- name: {{ $name }}
  value: {{ toString $value | quote }}
{{- end }}
{{- end }}
