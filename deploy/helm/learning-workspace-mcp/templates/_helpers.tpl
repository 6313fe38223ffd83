{{/* The chart's name, cut to the 63 characters of a DNS label. */}}
{{- define "lwmcp.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The release's full name: the objects' names. */}}
{{- define "lwmcp.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "lwmcp.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "lwmcp.labels" -}}
helm.sh/chart: {{ include "lwmcp.chart" . }}
{{ include "lwmcp.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "lwmcp.selectorLabels" -}}
app.kubernetes.io/name: {{ include "lwmcp.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "lwmcp.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "lwmcp.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The Secret the server's secret settings come from: an existing one, or the chart's. */}}
{{- define "lwmcp.secretName" -}}
{{- default (include "lwmcp.fullname" .) .Values.secrets.existingSecret }}
{{- end }}

{{/* Whether the chart makes a Secret: no existing one is named, and there is something to keep in it. */}}
{{- define "lwmcp.makesSecret" -}}
{{- if and (not .Values.secrets.existingSecret) (or .Values.secrets.values .Values.redis.url) }}true{{ end }}
{{- end }}

{{/* Whether the pods read the server's Secret at all. */}}
{{- define "lwmcp.hasSecret" -}}
{{- if or .Values.secrets.existingSecret (include "lwmcp.makesSecret" .) }}true{{ end }}
{{- end }}

{{/* Seconds from SIGTERM's decision to the kill: the preStop pause, the drain rounded up, the server's own 2 s, the margin. */}}
{{- define "lwmcp.gracePeriod" -}}
{{- $drain := div (add (int .Values.server.drainMs) 999) 1000 }}
{{- add (int .Values.termination.preStopSeconds) $drain 2 (int .Values.termination.marginSeconds) }}
{{- end }}

{{/*
The Host headers the server accepts: those given, the Ingress and HTTPRoute hosts, the Service's names in the cluster,
127.0.0.1 with the port (the probes' Host) and the pod's own address with the port (Prometheus scrapes it so; the
kubelet expands $(POD_IP)). Empty when nothing is given: the server then accepts any Host.
*/}}
{{- define "lwmcp.allowedHosts" -}}
{{- $hosts := list }}
{{- range .Values.server.allowedHosts }}{{ $hosts = append $hosts . }}{{ end }}
{{- if .Values.ingress.enabled }}{{ range .Values.ingress.hosts }}{{ $hosts = append $hosts .host }}{{ end }}{{ end }}
{{- if .Values.httpRoute.enabled }}{{ range .Values.httpRoute.hostnames }}{{ $hosts = append $hosts . }}{{ end }}{{ end }}
{{- if $hosts }}
{{- $svc := include "lwmcp.fullname" . }}
{{- $port := int .Values.service.port }}
{{- range (list $svc (printf "%s.%s" $svc .Release.Namespace) (printf "%s.%s.svc" $svc .Release.Namespace) (printf "%s.%s.svc.cluster.local" $svc .Release.Namespace)) }}
{{- if eq $port 80 }}{{ $hosts = append $hosts . }}{{ else }}{{ $hosts = append $hosts (printf "%s:%d" . $port) }}{{ end }}
{{- end }}
{{- $hosts = append $hosts (printf "127.0.0.1:%d" (int .Values.server.port)) }}
{{- $hosts = append $hosts (printf "$(POD_IP):%d" (int .Values.server.port)) }}
{{- join "," (uniq $hosts) }}
{{- end }}
{{- end }}

{{/* What the chart refuses to render, each with the reason and what to set. */}}
{{- define "lwmcp.validate" -}}
{{- $replicas := or .Values.autoscaling.enabled (gt (int .Values.replicaCount) 1) }}
{{- if and $replicas (not .Values.redis.url) (not .Values.redis.existingSecret) }}
{{- fail "More than one replica (replicaCount > 1 or autoscaling.enabled) needs Redis, which the pods share for jobs and the rate limit: set redis.url (a redis:// or rediss:// URL) or redis.existingSecret (a Secret holding WORKSPACE_REDIS_URL). See docs/redis.md." }}
{{- end }}
{{- if and .Values.secrets.existingSecret .Values.secrets.values }}
{{- fail "secrets.values and secrets.existingSecret are both set: put the values in the existing Secret, or leave secrets.existingSecret empty for the chart to make one." }}
{{- end }}
{{- if and .Values.secrets.existingSecret .Values.redis.url }}
{{- fail "redis.url would go into the chart's Secret, but secrets.existingSecret is set: put WORKSPACE_REDIS_URL in that Secret and set redis.existingSecret to it." }}
{{- end }}
{{- range $name, $_ := .Values.server.extraEnv }}
{{- if has $name (list "WORKSPACE_MCP_AUTH_TOKEN" "WORKSPACE_CONNECTOR_TOKEN" "WORKSPACE_API_KEY" "WORKSPACE_STATE_SECRET" "WORKSPACE_REDIS_URL" "WORKSPACE_REDIS_PASSWORD" "WORKSPACE_REDIS_SENTINEL_PASSWORD" "WORKSPACE_MCP_OAUTH_CLIENT_SECRET") }}
{{- fail (printf "server.extraEnv.%s is a secret setting: give it in secrets.values or an existing Secret, never as a plain value of the Deployment." $name) }}
{{- end }}
{{- end }}
{{- if and (eq .Values.server.auth "oauth") (or (not .Values.oauth.issuer) (not .Values.oauth.publicUrl)) }}
{{- fail "server.auth is oauth: set oauth.issuer and oauth.publicUrl (the URL clients use, ending in /mcp). See docs/oauth.md." }}
{{- end }}
{{- if and .Values.autoscaling.enabled (lt (int .Values.autoscaling.maxReplicas) (int .Values.autoscaling.minReplicas)) }}
{{- fail "autoscaling.maxReplicas is below autoscaling.minReplicas." }}
{{- end }}
{{- end }}
